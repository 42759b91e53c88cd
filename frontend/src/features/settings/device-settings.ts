import { readJson, writeJson } from '@/lib/storage';

/** Watch connections and sync toggles, persisted per browser (DESIGN.md departure 8). */
export interface DeviceSettings {
  appleWatch: boolean;
  androidWatch: boolean;
  autoSync: boolean;
  watchNotifications: boolean;
}

const DEVICE_SETTINGS_KEY = 'deviceSettings';
const DEFAULT_DEVICE_SETTINGS: DeviceSettings = { appleWatch: false, androidWatch: false, autoSync: true, watchNotifications: false };

function isDeviceSettings(value: unknown): value is DeviceSettings {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return ['appleWatch', 'androidWatch', 'autoSync', 'watchNotifications'].every((k) => typeof v[k] === 'boolean');
}

export function readDeviceSettings(): DeviceSettings {
  return readJson(DEVICE_SETTINGS_KEY, isDeviceSettings) ?? DEFAULT_DEVICE_SETTINGS;
}

export function saveDeviceSettings(settings: DeviceSettings): void {
  writeJson(DEVICE_SETTINGS_KEY, settings);
}
