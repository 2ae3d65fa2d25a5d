// The six evaluation stages as a stepper with the current one marked (aria-current="step"), and a
// closed prototype shown apart; the seller's prototype page and the tracker both use it. Finished
// stages carry a tick, the current one its number in a ring, the ones ahead stay grey.
import { PIPELINE_STAGES } from '~/shared/constants.ts';
import { stateLabel } from '~/shared/format.ts';
import { STAGES, type PrototypeStage } from '~/shared/prototype-stages.ts';

export function StageStepper({
  stage,
  label = 'Evaluation stages',
  note = STAGES[stage].description,
}: {
  stage: PrototypeStage;
  label?: string;
  /** The line under the steps (the seller's: sellerStageNote); the stage's description by default. */
  note?: string;
}) {
  const closed = stage === 'closed';
  const current = PIPELINE_STAGES.indexOf(stage as (typeof PIPELINE_STAGES)[number]);
  return (
    <div className="flex flex-col gap-2" data-testid="stage-stepper">
      <ol aria-label={label} className={`steps steps-vertical w-full md:steps-horizontal ${closed ? 'opacity-90' : ''}`}>
        {PIPELINE_STAGES.map((name, index) => {
          const isCurrent = index === current;
          const done = !closed && index < current;
          return (
            <li
              key={name}
              aria-current={isCurrent ? 'step' : undefined}
              data-content={done ? '✓' : undefined}
              data-state={done ? 'done' : isCurrent ? 'current' : 'ahead'}
              className={`step text-xs ${!closed && index <= current ? 'step-primary' : ''} ${isCurrent && !closed ? 'after:ring-4 after:ring-primary/30' : ''}`}
            >
              <span className={isCurrent ? 'font-semibold text-base-content' : done ? 'text-base-content/80' : 'text-base-content/70'}>
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
        <span className="font-medium">{stateLabel(stage)}:</span> {note}
      </p>
    </div>
  );
}
