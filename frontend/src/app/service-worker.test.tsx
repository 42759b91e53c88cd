import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { UPDATE_TEXT, UPDATE_TITLE, type WorkboxLike, watchForUpdates } from './service-worker';

function fakeWorkbox() {
  const listeners: Record<string, (() => void)[]> = {};
  const wb = {
    addEventListener: vi.fn((type: string, l: () => void) => void (listeners[type] ??= []).push(l)),
    messageSkipWaiting: vi.fn(),
    register: vi.fn(async () => undefined),
    update: vi.fn(async () => undefined),
  } satisfies WorkboxLike;
  const fire = (type: string) => act(() => (listeners[type] ?? []).forEach((l) => l()));
  return { wb, fire };
}

describe('service worker updates (decision 0206)', () => {
  it('registers, and offers a waiting version: Update lets it take over, then reloads once it controls the page', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    const { wb, fire } = fakeWorkbox();
    const reload = vi.fn();
    await watchForUpdates(wb, reload);
    expect(wb.register).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(UPDATE_TITLE)).toBeNull();

    fire('waiting');
    expect(await screen.findByText(UPDATE_TITLE)).toBeInTheDocument();
    expect(screen.getByText(UPDATE_TEXT)).toBeInTheDocument();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled(); // nothing changes until the person asks
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('checks for a new version every hour while the tab stays open', async () => {
    vi.useFakeTimers();
    try {
      const { wb } = fakeWorkbox();
      await watchForUpdates(wb, vi.fn());
      expect(wb.update).not.toHaveBeenCalled();
      vi.advanceTimersByTime(60 * 60 * 1000);
      expect(wb.update).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
