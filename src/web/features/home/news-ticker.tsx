import { useState } from 'react';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import './news-ticker.css';

/**
 * A line of moving text (the client's tickerItems). It stops on hover and focus, has a Pause button,
 * and when paused or under reduced motion it lays the items out as a still, wrapped list.
 */
export function NewsTicker({ items, label }: { items: string[]; label: string }) {
  const reducedMotion = useReducedMotion();
  const [userPaused, setUserPaused] = useState(false);
  if (items.length === 0) return null;
  const still = userPaused || reducedMotion;

  return (
    <section className={`ticker ${still ? 'ticker--still' : 'ticker--moving'}`} aria-label={label}>
      <div className="ticker__window">
        <div className="ticker__track">
          <ul className="ticker__items">
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          {/* A second copy makes the loop seamless; screen readers read the first only. */}
          {!still && (
            <ul className="ticker__items" aria-hidden="true">
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {!reducedMotion && (
        <button type="button" className="ticker__toggle" onClick={() => setUserPaused(!userPaused)}>
          {userPaused ? 'Play news' : 'Pause news'}
        </button>
      )}
    </section>
  );
}
