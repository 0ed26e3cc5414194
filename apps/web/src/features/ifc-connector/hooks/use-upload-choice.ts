import { useMemo, useState } from 'react';
import { useProjects } from '@/lib/api/projects';
import { defaultTarget, modelChoices, type UploadChoice } from '../upload-choice';

/**
 * The Preview step's "New project" / "New version of <model> in <project>" answer for the chosen file: the default
 * (by file name) until the user picks, and the pick forgotten when another file is chosen. While the user's projects
 * load, or if they cannot be read, the answer is "New project" (the upload works as before).
 */
export function useUploadChoice(file: File | null) {
  const projects = useProjects();
  const choices = useMemo(() => modelChoices(projects.data ?? []), [projects.data]);
  const [picked, setPicked] = useState<{ file: File; choice: UploadChoice } | null>(null);
  const choice: UploadChoice =
    file && picked?.file === file
      ? picked.choice
      : file
        ? defaultTarget(file.name, choices)
        : { kind: 'new' };
  const choose = (next: UploadChoice) => {
    if (file) setPicked({ file, choice: next });
  };
  return { choices, choice, choose };
}
