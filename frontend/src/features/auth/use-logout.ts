import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { useSessionActions } from './session-context';

/** Logout as the bottom navigation does it: sign out, toast 'Logged Out', go to /auth. */
export function useLogout(): () => Promise<void> {
  const { logout } = useSessionActions();
  return useSignOut(logout, { title: 'Logged Out', description: 'You have been successfully logged out.' });
}

/** "Sign out everywhere" (Settings › Account): every session of the account ends, then as logout. */
export function useLogoutEverywhere(): () => Promise<void> {
  const { logoutEverywhere } = useSessionActions();
  return useSignOut(logoutEverywhere, { title: 'Signed Out Everywhere', description: 'Your account is now signed out on every device, this one included.' });
}

function useSignOut(signOut: () => Promise<void>, done: { title: string; description: string }): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
    } catch {
      // The server could not end the session: the cookies are still valid, so do not pretend.
      toast({
        variant: 'destructive',
        title: 'Logout Failed',
        description: 'Something went wrong. Please try again.',
      });
      return;
    }
    toast(done);
    await navigate('/auth', { replace: true });
  }, [signOut, navigate, done]);
}
