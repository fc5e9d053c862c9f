/** U3: the bundled lessons, in the order the Lessons view shows them. */
export const lessonIds = ['clean-run', 'rescued', 'compaction', 'skills-hooks', 'real-model', 'real-coder'] as const;
