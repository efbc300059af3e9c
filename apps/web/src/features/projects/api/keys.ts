/** Query keys of project data: everything under ['projects'] (the recent list of the dashboard too) refreshes together. */
export const projectKeys = {
  all: ['projects'] as const,
  list: (userId: string) => ['projects', 'list', userId] as const,
  one: (projectId: string) => ['projects', 'one', projectId] as const,
  surveyDevices: (userId: string) => ['projects', 'survey-devices', userId] as const,
};
