import type { ProjectStatus } from '@smi/contracts';
import { surveyStatus } from '../../lib/survey-status';

export { surveyStatus };

export type SurveyAction = 'pause' | 'resume' | 'complete' | 'reset';

export const ACTION_TARGET: Record<SurveyAction, ProjectStatus> = {
  pause: 'Paused',
  resume: 'Active',
  complete: 'Completed',
  reset: 'Active',
};

export const ACTION_LABEL: Record<SurveyAction, string> = {
  pause: 'Pause Survey',
  resume: 'Resume Survey',
  complete: 'Mark as Complete',
  reset: 'Reset Survey',
};

/** Which actions a status allows: Active pauses or completes, Paused resumes or completes, Completed resets. */
export function actionsFor(status: ProjectStatus): SurveyAction[] {
  switch (status) {
    case 'Active':
      return ['pause', 'complete'];
    case 'Paused':
      return ['resume', 'complete'];
    case 'Completed':
      return ['reset'];
  }
}

export const STATUS_TEXT: Record<ProjectStatus, { label: string; hint: string; subText: string }> = {
  Active: {
    label: 'Surveying in Progress...',
    hint: 'Survey is currently active. You can pause it anytime.',
    subText: 'Collecting geodata from field sensors',
  },
  Paused: { label: 'Survey Paused', hint: 'Survey is paused. Click resume to continue.', subText: 'Field operations temporarily suspended' },
  Completed: {
    label: 'Survey Completed',
    hint: 'Survey has been completed successfully.',
    subText: 'All survey points successfully recorded',
  },
};
