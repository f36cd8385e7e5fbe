import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SubscriberQuery } from '../../../api/subscribers';
import { ErrorState } from '../../../components/states';
import {
  actionLabel,
  actionPhrase,
  countByState,
  impactOf,
  type ActionKind,
  type StateCounts,
  type SubscriberAction,
} from '../actions';
import { ActivateChoice, type ActivateMode } from '../components/activate-choice';
import { useSubscribersList } from '../list-context';
import { BulkReportView } from './bulk-report';
import { ImpactTable } from './impact-table';
import type { BulkTarget } from './run-bulk';
import { useBulkRun } from './use-bulk-run';
import { formatCount, formatPercent } from '../../../lib/format';

/** What a bulk action runs on: the selected rows, or every subscriber matching the filter. */
export type BulkSource =
  | { kind: 'items'; targets: BulkTarget[] }
  /** `counts` when known without collecting (a state tab, the list's counts). */
  | { kind: 'all'; count: number; counts: StateCounts | undefined; filter: SubscriberQuery };

export function BulkDialog({
  listId,
  action,
  source,
  onClose,
}: {
  listId: number;
  action: ActionKind | null;
  source: BulkSource;
  /** `completed`: the action ran (the selection is spent). */
  onClose: (completed: boolean) => void;
}) {
  const { t } = useLingui();
  const name = action ? actionLabel(action) : '';
  return (
    <Modal
      opened={action !== null}
      onClose={() => onClose(false)}
      title={action ? t`${name}: selected subscribers` : ''}
      size="lg"
      centered
      // Closed by its own buttons only: a run must be stopped, not lost with a stray click.
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      {action && <BulkFlow listId={listId} kind={action} source={source} onClose={onClose} />}
    </Modal>
  );
}

function BulkFlow({
  listId,
  kind,
  source,
  onClose,
}: {
  listId: number;
  kind: ActionKind;
  source: BulkSource;
  onClose: (completed: boolean) => void;
}) {
  const { t } = useLingui();
  const { list } = useSubscribersList();
  const doubleOptIn = list.double_opt_in;
  const { status, collect, run, cancel } = useBulkRun(listId);
  const [mode, setMode] = useState<ActivateMode>('opt-in');
  const [collected, setCollected] = useState<BulkTarget[] | null>(
    source.kind === 'items' ? source.targets : null,
  );
  const needsCounting = source.kind === 'all' && !source.counts;

  // Unknown states (no counts from the server): count them by collecting before the preview.
  useEffect(() => {
    if (!needsCounting) return;
    let live = true;
    void collect(source.filter).then((targets) => live && targets && setCollected(targets));
    return () => {
      live = false;
      cancel();
    };
  }, [needsCounting, source, collect, cancel]);

  const action: SubscriberAction =
    kind === 'activate' ? { kind, confirm: mode === 'confirm' || undefined } : { kind };
  const counts = collected
    ? countByState(collected)
    : source.kind === 'all'
      ? source.counts
      : undefined;
  const impact = counts ? impactOf(counts, action, doubleOptIn) : undefined;

  const start = async () => {
    const targets = collected ?? (source.kind === 'all' ? await collect(source.filter) : undefined);
    if (!targets) return;
    setCollected(targets);
    await run(targets, action);
  };

  if (status.phase === 'collecting' || status.phase === 'running') {
    const collecting = status.phase === 'collecting';
    return (
      <Stack>
        <Text size="sm">
          {collecting
            ? t`Finding the matching subscribers…`
            : `${actionPhrase(action, status.total, doubleOptIn)}…`}
        </Text>
        <ProgressLine
          done={status.done}
          total={status.total}
          label={collecting ? t`Collected` : t`Processed`}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            <Trans>Stop</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  if (status.phase === 'complete')
    return (
      <Stack>
        <BulkReportView report={status.report} />
        <Group justify="flex-end">
          <Button onClick={() => onClose(true)}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack>
      {status.phase === 'error' && <ErrorState error={status.error} />}
      {kind === 'activate' && doubleOptIn && <ActivateChoice value={mode} onChange={setMode} />}
      {impact ? (
        <>
          <ImpactTable impact={impact} />
          <Text size="sm" aria-live="polite">
            <ImpactSummary changing={impact.changing} unchanged={impact.unchanged} />
          </Text>
        </>
      ) : (
        <Alert color="gray">
          <Trans>Counting the selection by state…</Trans>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onClose(false)}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          color={kind === 'delete' ? 'red' : undefined}
          disabled={!impact || impact.changing === 0}
          onClick={() => void start()}
        >
          {actionPhrase(action, impact?.changing ?? 0, doubleOptIn)}
        </Button>
      </Group>
    </Stack>
  );
}

function ImpactSummary({ changing, unchanged }: { changing: number; unchanged: number }) {
  const change = formatCount(changing);
  const stay = formatCount(unchanged);
  return unchanged > 0 ? (
    <Trans>
      {change} will change, {stay} stay as they are.
    </Trans>
  ) : (
    <Trans>{change} will change.</Trans>
  );
}

function ProgressLine({ done, total, label }: { done: number; total: number; label: string }) {
  const { t } = useLingui();
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const shownPercent = formatPercent(percent / 100);
  const doneCount = formatCount(done);
  const totalCount = formatCount(total);
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={t`${label}: ${shownPercent}`} animated={done < total} />
      <Text size="sm" c="dimmed" aria-live="polite">
        <Trans>
          {label} {doneCount} of {totalCount}
        </Trans>
      </Text>
    </Stack>
  );
}
