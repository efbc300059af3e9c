import { PageHeader } from '../../components/page-header';

/** This screen is a title and an intro; the list and mark-read calls exist on the server. */
export function NotificationsPage() {
  return <PageHeader title="Notifications" subtitle="See all your notifications here" />;
}
