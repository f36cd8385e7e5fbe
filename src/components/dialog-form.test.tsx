import { fireEvent, render, screen } from '@testing-library/react';
import { createPortal } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import { DialogForm } from './dialog-form';

describe('DialogForm', () => {
  it('submits itself, not the form it is rendered in, though portalled out of it', () => {
    const outer = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    const inner = vi.fn();
    render(
      <form aria-label="Outer" onSubmit={outer}>
        {/* As a Mantine Modal does: in the outer form for React, at the end of <body> in the DOM. */}
        {createPortal(
          <DialogForm aria-label="Dialog" onSubmit={inner}>
            <button type="submit">Send</button>
          </DialogForm>,
          document.body,
        )}
        <button type="submit">Review</button>
      </form>,
    );
    expect(screen.getByRole('form', { name: 'Outer' })).not.toContainElement(
      screen.getByRole('form', { name: 'Dialog' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(inner).toHaveBeenCalledTimes(1);
    expect(inner.mock.calls[0]![0].defaultPrevented).toBe(true);
    expect(outer).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(outer).toHaveBeenCalledTimes(1);
    expect(inner).toHaveBeenCalledTimes(1);
  });
});
