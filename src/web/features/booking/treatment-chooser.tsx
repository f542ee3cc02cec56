import { useState } from 'react';
import type { Category, Treatment } from '@common/booking';
import { formatDuration, formatPounds } from '@common/money';

interface TreatmentChooserProps {
  categories: Category[];
  treatments: Treatment[];
  selectedIds: readonly number[];
  onToggle: (id: number) => void;
}

/**
 * Categories with a plus/minus toggle, all collapsed at the start (spec section 4). Coming back to
 * this stage (Back, a refused booking) opens the categories of the treatments already chosen.
 */
export function TreatmentChooser({
  categories,
  treatments,
  selectedIds,
  onToggle,
}: TreatmentChooserProps) {
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(
    () => new Set(treatments.filter((t) => selectedIds.includes(t.ID)).map((t) => t.CategoryId)),
  );
  const toggleCategory = (id: number) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const withTreatments = categories.filter((c) => treatments.some((t) => t.CategoryId === c.ID));

  return (
    <ul className="booking-categories">
      {withTreatments.map((category) => {
        const open = openIds.has(category.ID);
        const inCategory = treatments.filter((t) => t.CategoryId === category.ID);
        const chosen = inCategory.filter((t) => selectedIds.includes(t.ID)).length;
        const panelId = `booking-category-${category.ID}`;
        return (
          <li key={category.ID} className="booking-category">
            <h4 className="booking-category__heading">
              <button
                type="button"
                className="booking-category__toggle"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggleCategory(category.ID)}
              >
                <span className="booking-category__icon" aria-hidden="true">
                  {open ? '−' : '+'}
                </span>
                <span className="booking-category__name">{category.Name}</span>
                {chosen > 0 && <span className="booking-category__count">{chosen} chosen</span>}
              </button>
            </h4>
            <ul id={panelId} className="booking-treatments" hidden={!open}>
              {inCategory.map((treatment) => {
                const inputId = `booking-treatment-${treatment.ID}`;
                return (
                  <li key={treatment.ID} className="booking-treatment">
                    <input
                      type="checkbox"
                      id={inputId}
                      checked={selectedIds.includes(treatment.ID)}
                      onChange={() => onToggle(treatment.ID)}
                      aria-describedby={`${inputId}-details`}
                    />
                    <label htmlFor={inputId} className="booking-treatment__label">
                      <span className="booking-treatment__name">{treatment.Name}</span>
                      <span className="booking-treatment__meta">
                        {formatPounds(treatment.Price)} · {formatDuration(treatment.Duration)}
                      </span>
                    </label>
                    <p id={`${inputId}-details`} className="booking-treatment__description">
                      {treatment.Description}
                    </p>
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
