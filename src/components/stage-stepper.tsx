// The six evaluation stages as a stepper with the current one marked (aria-current="step"), and a
// closed prototype shown apart; the seller's prototype page and the tracker both use it.
import { PIPELINE_STAGES } from '~/shared/constants.ts';
import { stateLabel } from '~/shared/format.ts';
import { STAGES, type PrototypeStage } from '~/shared/prototype-stages.ts';

export function StageStepper({ stage, label = 'Evaluation stages' }: { stage: PrototypeStage; label?: string }) {
  const closed = stage === 'closed';
  const current = PIPELINE_STAGES.indexOf(stage as (typeof PIPELINE_STAGES)[number]);
  return (
    <div className="flex flex-col gap-2" data-testid="stage-stepper">
      <ol aria-label={label} className={`steps steps-vertical w-full md:steps-horizontal ${closed ? 'opacity-90' : ''}`}>
        {PIPELINE_STAGES.map((name, index) => {
          const isCurrent = index === current;
          const done = !closed && index < current;
          return (
            <li key={name} aria-current={isCurrent ? 'step' : undefined} className={`step text-xs ${!closed && index <= current ? 'step-primary' : ''}`}>
              <span className={isCurrent ? 'font-semibold' : 'text-base-content/70'}>
                {stateLabel(name)}
                {done && <span className="sr-only"> (done)</span>}
                {isCurrent && <span className="sr-only"> (current stage)</span>}
              </span>
            </li>
          );
        })}
        {closed && (
          <li aria-current="step" className="step step-error text-xs" data-content="✕">
            <span className="font-semibold">
              {stateLabel('closed')}
              <span className="sr-only"> (current stage)</span>
            </span>
          </li>
        )}
      </ol>
      <p className={`text-sm ${closed ? 'font-medium text-error' : 'text-base-content/80'}`}>
        <span className="font-medium">{stateLabel(stage)}:</span> {STAGES[stage].description}
      </p>
    </div>
  );
}
