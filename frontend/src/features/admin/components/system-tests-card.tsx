import type { SystemTest } from '@fittrack/functions/contract/admin-rules';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { GENERIC_ERROR_DESCRIPTION } from '@/lib/request-error-toast';
import { useReloadAdminData } from '@/features/admin/api/reload-admin-data';
import { postAdminSystemTest } from '@/features/admin/api/post-admin-system-test';

const tests: { test: SystemTest; label: string }[] = [
  { test: 'login', label: 'Login' },
  { test: 'signup', label: 'Signup' },
  { test: 'feedback', label: 'Feedback' },
];

/**
 * 'System Function Tests' (SPEC.md sections 2 and 8): each runs on the server with a throwaway
 * account that is deleted afterwards; Passed / Failed come from the server's verdict, Error means
 * the request itself failed.
 */
export function SystemTestsCard() {
  const reload = useReloadAdminData();
  const [running, setRunning] = useState<SystemTest | null>(null);

  const run = async (test: SystemTest, label: string) => {
    if (running) return;
    setRunning(test);
    try {
      const result = await postAdminSystemTest(test);
      toast(
        result.passed
          ? { title: `${label} Test Passed`, description: result.details }
          : { variant: 'destructive', title: `${label} Test Failed`, description: result.details },
      );
    } catch (error) {
      toast({ variant: 'destructive', title: `${label} Test Error`, description: (error instanceof ApiError && error.serverMessage) || GENERIC_ERROR_DESCRIPTION });
    } finally {
      setRunning(null);
      void reload();
    }
  };

  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-center justify-between gap-2">
        <CardTitle className="text-base">System Function Tests</CardTitle>
        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">Admin Only</span>
      </div>
      <CardDescription>Runs each check on the server with a throwaway account that is removed afterwards.</CardDescription>
      <div className="grid grid-cols-3 gap-2">
        {tests.map(({ test, label }) => (
          <Button key={test} variant="secondary" className="min-h-11 px-2" disabled={running !== null} aria-busy={running === test} onClick={() => void run(test, label)}>
            {running === test ? 'Testing...' : `Test ${label}`}
          </Button>
        ))}
      </div>
    </Card>
  );
}
