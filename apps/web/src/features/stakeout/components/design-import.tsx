import { Suspense, useState } from 'react';
import { FileUp } from 'lucide-react';
import { designEndpoints } from '@smi/contracts';
import type { Can } from '../../../lib/can';
import { lazyNamed } from '../../../lib/lazy-named';
import { Spinner } from '../../../components/spinner';

// the dialog (file reading, column mapping, preview tables) is downloaded when it is first wanted, not with the screen
const DesignImportDialog = lazyNamed(() => import('./design-import-dialog'), 'DesignImportDialog');

/**
 * "Import file": opens the design-file import (CSV/TXT, LandXML, DXF, GeoJSON with a preview before anything is
 * stored). Drawn only for a role the import route accepts (`can` is the screen's role check).
 */
export function DesignImportButton({ projectId, can }: { projectId: string; can: Can }) {
  const [open, setOpen] = useState(false);
  if (!can(designEndpoints.importDesign)) return null;
  const preload = () => void DesignImportDialog.preload().catch(() => undefined /* the click loads it again and shows the failure */);
  return (
    <>
      <button type="button" className="btn-secondary" onClick={() => setOpen(true)} onPointerEnter={preload} onFocus={preload}>
        <FileUp aria-hidden="true" className="h-4 w-4" />
        Import file
      </button>
      {open && (
        <Suspense fallback={<Spinner label="Opening the import" />}>
          <DesignImportDialog projectId={projectId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
