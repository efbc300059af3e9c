import { PageHeader } from '../../components/page-header';
import { CodeListsScreen } from '../../features/code-lists/components/code-lists-screen';
import { useCan } from '../use-can';

export function CodeListsPage() {
  const can = useCan();
  return (
    <>
      <PageHeader title="Code lists" subtitle="Feature codes, their layers, colours and attributes, and the control codes that draw lines" />
      <CodeListsScreen can={can} />
    </>
  );
}
