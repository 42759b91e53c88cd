import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { type DeviceSettings, readDeviceSettings, saveDeviceSettings } from '@/features/settings/device-settings';
import { SwitchRow } from './switch-row';

const WATCHES = [
  { key: 'appleWatch', name: 'Apple Watch' },
  { key: 'androidWatch', name: 'Android Watch' },
] as const;

/** Settings › Devices: watch connections (local state only) and sync toggles, persisted per browser. */
export function DevicesTab() {
  const [settings, setSettings] = useState<DeviceSettings>(readDeviceSettings);
  const update = (patch: Partial<DeviceSettings>) => {
    const next = { ...settings, ...patch };
    setSettings(next);
    saveDeviceSettings(next);
  };
  return (
    <div className="grid gap-4">
      <section aria-labelledby="watches-title" className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="watches-title" className="text-base font-semibold text-slate-900">
          Connected Devices
        </h2>
        {WATCHES.map(({ key, name }) => (
          <div key={key} className="flex items-center justify-between gap-3">
            <div className="grid">
              <span className="text-sm font-medium text-slate-900">{name}</span>
              <span className="text-xs text-slate-600">{settings[key] ? 'Connected' : 'Not connected'}</span>
            </div>
            <Button
              variant={settings[key] ? 'secondary' : 'primary'}
              className="min-h-11"
              aria-label={`${settings[key] ? 'Disconnect' : 'Connect'} ${name}`}
              onClick={() => {
                const connect = !settings[key];
                update({ [key]: connect });
                if (connect) toast({ title: `${name} connected successfully` });
              }}
            >
              {settings[key] ? 'Disconnect' : 'Connect'}
            </Button>
          </div>
        ))}
      </section>
      <section aria-labelledby="sync-title" className="rounded-2xl border border-slate-200 bg-white px-5 py-3 shadow-sm">
        <h2 id="sync-title" className="pt-2 text-base font-semibold text-slate-900">
          Sync
        </h2>
        <SwitchRow label="Auto-sync data" note="Syncs every 15 minutes" checked={settings.autoSync} onChange={(autoSync) => update({ autoSync })} />
        <SwitchRow
          label="Send notifications to watch"
          checked={settings.watchNotifications}
          onChange={(watchNotifications) => update({ watchNotifications })}
        />
      </section>
    </div>
  );
}
