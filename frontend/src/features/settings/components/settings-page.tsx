import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useTabParam } from '@/lib/use-tab-param';
import { AppearanceTab } from './appearance-tab';
import { DevicesTab } from './devices-tab';
import { MembershipTab } from '@/features/billing/public';

const TABS = ['Membership', 'Devices', 'Appearance'] as const;

export function SettingsPage() {
  const [tab, setTab] = useTabParam(TABS);
  return (
    <div className="grid gap-4">
      <PageHeader title="Settings">Membership, devices and appearance.</PageHeader>
      <Tabs value={tab} onValueChange={setTab} className="grid gap-4">
        <TabsList label="Settings sections">
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
      </Tabs>
    </div>
  );
}
