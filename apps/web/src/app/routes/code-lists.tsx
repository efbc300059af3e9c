import { PageHeader } from '../../components/page-header';
import { CodeListsScreen } from '../../features/code-lists/components/code-lists-screen';

export function CodeListsPage() {
  return (
    <>
      <PageHeader title="Code lists" subtitle="Feature codes, their layers, colours and attributes, and the control codes that draw lines" />
      <CodeListsScreen />
    </>
  );
}
