// "List | Board": Prototype Management as the paged list or the pipeline board (the view lives in the URL).
import { PROTOTYPE_VIEWS, type AdminSearch, type PrototypeView, type SetSearch } from './admin-search.ts';

const VIEW_LABELS: Record<PrototypeView, string> = { list: 'List', board: 'Board' };

export function PrototypeViewSwitch({ search, setSearch }: { search: AdminSearch; setSearch: SetSearch }) {
  const view = search.view ?? 'list';
  return (
    <div role="group" aria-label="Prototype view" className="join mb-4">
      {PROTOTYPE_VIEWS.map((name) => (
        <button
          key={name}
          type="button"
          aria-pressed={view === name}
          className={`btn join-item btn-sm ${view === name ? 'btn-primary' : 'btn-outline'}`}
          onClick={() => setSearch({ view: name === 'list' ? undefined : name, cursor: undefined, dir: undefined })}
        >
          {VIEW_LABELS[name]}
        </button>
      ))}
    </div>
  );
}
