import type { ComponentPropsWithoutRef, FormEvent } from 'react';

type Props = Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit'> & {
  /** Called on submit; the browser's own submission is already prevented. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/**
 * The form of a dialog. A Mantine Modal is portalled to the end of <body>, out of the form
 * it is rendered in as far as the DOM goes, but React bubbles events along the component
 * tree: without stopPropagation, submitting the dialog also submits that outer form (sending
 * a test from the composer would start the composer's Review).
 */
export function DialogForm({ onSubmit, ...props }: Props) {
  return (
    <form
      {...props}
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onSubmit(e);
      }}
    />
  );
}
