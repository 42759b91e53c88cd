import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, dismissToast, toast, useToast } from './use-toast';

function ToastCount() {
  const { toasts } = useToast();
  return <div data-testid="count">{`${toasts.length}:${toasts.map((t) => `${t.id}-${t.open}`).join(',')}`}</div>;
}

describe('toast', () => {
  it('shows one toast at a time: a new toast replaces the current one', async () => {
    expect(TOAST_LIMIT).toBe(1);
    render(
      <>
        <Toaster />
        <ToastCount />
      </>,
    );
    act(() => {
      toast({ title: 'First', description: 'one' });
      toast({ title: 'Second', description: 'two' });
    });
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByTestId('count').textContent).toMatch(/^1:/);
  });

  it('updates and dismisses a toast, and removes it after the removal delay', () => {
    vi.useFakeTimers();
    try {
      render(<ToastCount />);
      let handle!: ReturnType<typeof toast>;
      act(() => {
        handle = toast({ title: 'Saving' });
      });
      act(() => handle.update({ title: 'Saved' }));
      expect(screen.getByTestId('count').textContent).toBe(`1:${handle.id}-true`);
      act(() => dismissToast(handle.id));
      expect(screen.getByTestId('count').textContent).toBe(`1:${handle.id}-false`);
      act(() => {
        vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
      });
      expect(screen.getByTestId('count').textContent).toBe(`1:${handle.id}-false`);
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.getByTestId('count').textContent).toBe('0:');
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders title, description and the destructive variant, and closes on the close button', async () => {
    render(<Toaster />);
    act(() => {
      toast({ variant: 'destructive', title: 'Login Failed', description: 'Invalid credentials' });
    });
    const title = await screen.findByText('Login Failed');
    expect(screen.getByText('Invalid credentials')).toBeInTheDocument();
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Login Failed')).not.toBeInTheDocument();
  });

  it('labels the notification region with the F8 hotkey', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument();
  });
});
