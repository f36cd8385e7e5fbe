import { Text } from '@mantine/core';
import { PageHeader } from '../components/page-header';

/** Placeholder for a screen that later work builds (its route module replaces this). */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Text c="dimmed">This screen is coming soon.</Text>
    </>
  );
}
