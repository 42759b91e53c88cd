import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useTabParam } from '@/lib/use-tab-param';
import { AppearanceTab } from './appearance-tab';
import { DevicesTab } from './devices-tab';
import { MembershipTab } from '@/features/billing/public';
import { AccountTab } from '@/features/auth/public';

const TABS = ['Membership', 'Devices', 'Appearance', 'Account'] as const;

export function SettingsPage() {
  const [tab, setTab] = useTabParam(TABS);
  return (
    <div className="grid gap-4">
      <PageHeader title="Settings">Membership, devices, appearance and your account.</PageHeader>
      <Tabs value={tab} onValueChange={setTab} className="grid gap-4">
        {/* four tabs: two rows on a phone, one from 640 px */}
        <TabsList label="Settings sections" className="grid-flow-row! grid-cols-2 sm:grid-flow-col! sm:grid-cols-none">
          {TABS.map((t) => (
            <TabsTrigger key={t} value={t} className="min-h-11">
              {t}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="Membership">
          <MembershipTab />
        </TabsContent>
        <TabsContent value="Devices">
          <DevicesTab />
        </TabsContent>
        <TabsContent value="Appearance">
          <AppearanceTab />
        </TabsContent>
        <TabsContent value="Account">
          <Suspense fallback={<p className="text-sm text-slate-600">Loading...</p>}>
            <AccountTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
