import { useId } from 'react';
import { choiceOptionLabels, targetLabel, type UploadChoice, type VersionChoice } from '../upload-choice';

const key = (choice: VersionChoice) => `${choice.projectId}\u0000${choice.modelId}`;

/**
 * "New project" or "New version of <model> in <project>": two radios, the second with the model picked from the
 * user's projects. Shown only when the user has a project to add a version to.
 */
export function PublishAs({
  choices,
  value,
  onChange,
}: {
  choices: VersionChoice[];
  value: UploadChoice;
  onChange: (choice: UploadChoice) => void;
}) {
  const name = useId();
  const selectId = useId();
  const versionTarget = value.kind === 'version' ? value : choices[0];
  if (!versionTarget) return null;
  const optionLabels = choiceOptionLabels(choices);
  return (
    <fieldset className="grid min-w-0 gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Publish as</legend>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="radio"
          name={name}
          className="mt-1"
          checked={value.kind === 'new'}
          onChange={() => onChange({ kind: 'new' })}
        />
        <span>New project (a new feed URL)</span>
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="radio"
          name={name}
          className="mt-1"
          checked={value.kind === 'version'}
          onChange={() => onChange(versionTarget)}
        />
        <span className="[overflow-wrap:anywhere]">
          {targetLabel(versionTarget)} (the project keeps its feed URL)
        </span>
      </label>
      {choices.length > 1 ? (
        <div className="grid gap-1 pl-6">
          <label htmlFor={selectId} className="text-sm text-muted-foreground">
            Model
          </label>
          <select
            id={selectId}
            value={key(versionTarget)}
            onChange={(event) => {
              const picked = choices.find((choice) => key(choice) === event.target.value);
              if (picked) onChange(picked);
            }}
            className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {choices.map((choice, i) => (
              <option key={key(choice)} value={key(choice)}>
                {optionLabels[i]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </fieldset>
  );
}
