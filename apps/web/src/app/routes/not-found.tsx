import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <div className="rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <p className="text-slate-600">There is nothing at this address.</p>
        <Link to={paths.dashboard} className="btn-primary mt-4">
          Go to Home
        </Link>
      </div>
    </>
  );
}
