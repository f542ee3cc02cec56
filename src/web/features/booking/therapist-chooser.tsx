import { staffListSchema, type StaffListEntry } from '@common/staff';
import { useClient } from '@/lib/client-context';
import { mediaUrl } from '@/lib/media';

/** Read by the booking screen's staff list query once this chunk has loaded. */
export const staffListParser = staffListSchema;

interface TherapistChooserProps {
  /** The therapists who perform every chosen treatment. */
  therapists: readonly StaffListEntry[];
  /** The chosen therapist's id; null for any therapist. */
  staffId: number | null;
  onChange: (staffId: number | null) => void;
  /** Why the choice went back to any therapist, when the treatments changed (issue 32). */
  note: string;
}

/**
 * "Any therapist" (the default) or one who performs every chosen treatment (issue 32): a radio
 * group with a legend, each therapist with a small photo if they have one and their short bio.
 */
export default function TherapistChooser({
  therapists,
  staffId,
  onChange,
  note,
}: TherapistChooserProps) {
  const client = useClient();
  return (
    <fieldset className="booking-therapists">
      <legend>Therapist</legend>
      <div role="status">{note && <p className="booking-notice">{note}</p>}</div>
      <div className="booking-therapist">
        <input
          type="radio"
          id="booking-therapist-any"
          name="booking-therapist"
          checked={staffId === null}
          onChange={() => onChange(null)}
          aria-describedby="booking-therapist-any-details"
        />
        <label htmlFor="booking-therapist-any" className="booking-therapist__label">
          <span className="booking-therapist__name">Any therapist</span>
        </label>
        <p id="booking-therapist-any-details" className="booking-therapist__bio">
          The first therapist free at the time you choose.
        </p>
      </div>
      {therapists.map((member) => {
        const inputId = `booking-therapist-${member.id}`;
        return (
          <div key={member.id} className="booking-therapist">
            <input
              type="radio"
              id={inputId}
              name="booking-therapist"
              checked={staffId === member.id}
              onChange={() => onChange(member.id)}
              aria-describedby={member.bio ? `${inputId}-details` : undefined}
            />
            <label htmlFor={inputId} className="booking-therapist__label">
              {member.photo && (
                <img
                  className="booking-therapist__photo"
                  src={mediaUrl(client, member.photo)}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  decoding="async"
                />
              )}
              <span className="booking-therapist__name">{member.name}</span>
            </label>
            {member.bio && (
              <p id={`${inputId}-details`} className="booking-therapist__bio">
                {member.bio}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
