import { useRef } from 'react';
import { useConnectorFlow } from '../hooks/use-connector-flow';
import { useFocusOnChange } from '../hooks/use-focus-on-change';
import { useUploadChoice } from '../hooks/use-upload-choice';
import { PreviewStep } from './preview-step';
import { ProcessStep } from './process-step';
import { ResultsStep } from './results-step';
import { SelectStep } from './select-step';
import { StepIndicator } from './step-indicator';

/** The four-step IFC → OData connector (spec §2, §4). The username is passed in: features do not share state. */
export function IfcConnector({ username }: { username: string | null }) {
  const flow = useConnectorFlow();
  const { state } = flow;
  const target = useUploadChoice(state.file);
  // A step change removes the button that was pressed: focus goes to the new step's heading instead of the body.
  const root = useRef<HTMLDivElement>(null);
  useFocusOnChange(root, state.step, '[data-step-heading]');
  // A run that fails removes Pause and Cancel: focus goes to the failure (role=alert), which says what to do next.
  const failed = state.phase === 'failed';
  useFocusOnChange(root, failed, '[data-step-error]', failed);
  return (
    <div ref={root} className="grid grid-cols-1 gap-6">
      <StepIndicator current={state.step} />
      {state.step === 'select' ? (
        <SelectStep
          error={state.selectError}
          notice={state.notice}
          lookingForRun={flow.lookingForRun}
          limitText={flow.limitText}
          onSelect={flow.selectFile}
        />
      ) : null}
      {state.step === 'preview' && state.file ? (
        <PreviewStep
          file={state.file}
          notice={state.notice}
          choices={target.choices}
          choice={target.choice}
          onChoose={target.choose}
          onStart={() => flow.start(target.choice)}
          onBack={flow.back}
        />
      ) : null}
      {state.step === 'process' ? (
        <ProcessStep
          state={state}
          busy={flow.busy}
          onTogglePause={() => void flow.togglePause()}
          onCancel={() => void flow.cancel()}
          onBack={flow.back}
          onUseDemo={() => void flow.switchToDemo()}
          onChooseAnother={flow.chooseAnother}
          onStopUpload={flow.stopUpload}
        />
      ) : null}
      {state.step === 'results' && state.result ? (
        <ResultsStep
          state={state}
          result={state.result}
          username={username}
          busy={flow.busy}
          onCopy={(url) => void flow.copyUrl(url)}
          onCreateDemoData={() => void flow.createDemoData()}
          onProcessAnother={flow.processAnother}
          onBack={flow.back}
        />
      ) : null}
    </div>
  );
}
