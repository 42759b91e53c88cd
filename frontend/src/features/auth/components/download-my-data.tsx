import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { toastRequestError } from '@/lib/request-error-toast';
import { exportFileName, getAccountExport } from '@/features/auth/api/get-account-export';

const sectionClass = 'grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

/** Saves `text` as a file through a temporary link (the browser's own download). */
function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has its own copy once it started
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Download my data: the profile, every tracked day, push-up sets, meals, feedback and payments as one JSON file (decision 0021). */
export function DownloadMyData() {
  const [busy, setBusy] = useState(false);

  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const data = await getAccountExport();
      saveFile(exportFileName(data), JSON.stringify(data, null, 2));
      toast({ title: 'Download Started', description: 'Your data is saved as a JSON file in your downloads.' });
    } catch (error) {
      toastRequestError(error, { failedTitle: 'Download Failed', errorTitle: 'Download Error', fallback: 'Your data could not be downloaded. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="download-data-title" className={sectionClass}>
      <h2 id="download-data-title" className="text-base font-semibold text-slate-900">
        Download my data
      </h2>
      <p className="text-sm text-slate-600">
        One JSON file with your profile, every tracked day, push-up sets, meals, feedback and payments.
      </p>
      <Button variant="secondary" className="min-h-11 w-full sm:w-auto" disabled={busy} aria-busy={busy} onClick={() => void download()}>
        {busy ? 'Preparing Download...' : 'Download My Data'}
      </Button>
    </section>
  );
}
