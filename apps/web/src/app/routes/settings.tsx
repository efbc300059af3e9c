import { useState } from 'react';
import { RotateCcw } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { useUser } from '../../features/auth/api/auth-state';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { ChangePasswordDialog } from '../../features/settings/components/change-password-dialog';
import { AccountGroup, MapGroup } from '../../features/settings/components/map-account-groups';
import { NetworkGroup } from '../../features/settings/components/network-group';
import { DeviceGroup, SystemGroup } from '../../features/settings/components/system-device-groups';
import { useSettingsEditor } from '../../features/settings/hooks/use-settings-editor';
import { NtripCredentialsPanel } from '../../features/ntrip/components/ntrip-credentials-panel';
import { useProjects } from '../../features/projects/api/projects';
import { ntripUserEndpoints } from '@smi/contracts';
import { useCan } from '../use-can';

export function SettingsPage() {
  const user = useUser();
  const logout = useLogout();
  const editor = useSettingsEditor();
  const [changingPassword, setChangingPassword] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const projects = useProjects(user.userId);
  const can = useCan();
  const { settings } = editor;

  return (
    <>
      <PageHeader
        title="Settings"
        subtitle="Manage your communication, display, and user preferences"
        action={
          settings && (
            <button type="button" className="btn-secondary" onClick={() => setConfirmReset(true)}>
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
              Restore defaults
            </button>
          )
        }
      />
      {!settings ? (
        <p role="status" className="py-10 text-center text-slate-500">
          {editor.failed ? 'Failed to load settings' : 'Loading settings…'}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2 xl:gap-6">
          <SystemGroup settings={settings} change={editor.change} />
          <DeviceGroup settings={settings} change={editor.change} />
          <NetworkGroup key={editor.generation} saved={settings.network} />
          <MapGroup settings={settings} change={editor.change} />
          <AccountGroup
            settings={settings}
            change={editor.change}
            email={user.email}
            onChangePassword={() => setChangingPassword(true)}
            onLogout={() => void logout()}
          />
          {/* NTRIP credentials are the workspace's admins' and owner's to list, make and revoke */}
          {can(ntripUserEndpoints.listNtripCredentials) && <NtripCredentialsPanel projects={projects.data ?? []} />}
        </div>
      )}
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
      <ConfirmDialog
        open={confirmReset}
        title="Restore defaults"
        message="Put every setting back to its default value?"
        confirmLabel="Restore"
        danger={false}
        onConfirm={() => {
          setConfirmReset(false);
          void editor.restoreDefaults();
        }}
        onCancel={() => setConfirmReset(false)}
      />
    </>
  );
}
