/**
 * A page's running experiment as other areas end it: a new live version (tasks), a plan that no
 * longer includes experiments (accounts), the owner (experiments). Below all of them, so none of
 * them imports another to end one.
 */
export { endRunningExperiments, forgetVisitors, queueChallengerSync, sendChallengerJobs, touchTask } from './end'
