import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Table } from '../../../components/table';
import { formatDate, projectStatusTone } from '../../../lib/format';
import { toneText } from '../../../lib/tone';
import type { Project } from '../api/projects';
import { DeleteProjectDialog } from './delete-project-dialog';

interface Props {
  projects: Project[];
  onOpen: (project: Project) => void;
  empty: React.ReactNode;
}

/** Every project of the user; a row opens it, the bin asks first and never opens the row. */
export function ProjectsTable({ projects, onOpen, empty }: Props) {
  const [deleting, setDeleting] = useState<Project | null>(null);
  return (
    <>
      <Table<Project>
        caption="Projects"
        rows={projects}
        rowKey={(p) => p._id}
        onRowClick={onOpen}
        rowLabel={(p) => `Open project ${p.Name}`}
        empty={empty}
        columns={[
          {
            header: 'Project',
            cell: (p) => (
              <>
                <span className="block font-medium break-words text-slate-900">{p.Name}</span>
                {/* on a phone the dates columns are hidden; the last change is kept under the name */}
                <span className="mt-0.5 block text-xs whitespace-nowrap text-slate-500 sm:hidden">Modified {formatDate(p.Last_Modified)}</span>
              </>
            ),
          },
          { header: 'Created On', cell: (p) => formatDate(p.Created_On), hideOnPhone: true, className: 'whitespace-nowrap' },
          { header: 'Last Modified', cell: (p) => formatDate(p.Last_Modified), hideOnPhone: true, className: 'whitespace-nowrap' },
          {
            header: 'Status',
            cell: (p) => <span className={`font-semibold ${toneText[projectStatusTone(p.Status)]}`}>{p.Status}</span>,
          },
          {
            header: 'Actions',
            className: 'w-14 text-right',
            cell: (p) => (
              <button
                type="button"
                className="icon-btn hover:bg-red-50 hover:text-red-700"
                aria-label={`Delete project ${p.Name}`}
                onClick={(e) => {
                  e.stopPropagation();
                  setDeleting(p);
                }}
                onKeyDown={(e) => e.stopPropagation()}
              >
                <Trash2 aria-hidden="true" className="h-5 w-5" />
              </button>
            ),
          },
        ]}
      />
      <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
