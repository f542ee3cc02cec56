import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ManageMenu } from '@common/diary';
import {
  staffFieldsSchema,
  staffTimeOffSchema,
  type ManagedStaffMember,
  type ManagedTimeOff,
  type StaffFields,
  type StaffTimeOffInput,
  type StaffTimeOffRequest,
  type StaffWeekday,
} from '@common/manage-staff';
import { formatDuration, formatPounds } from '@common/money';
import { ErrorSummary, FormErrorSummary } from '@/components/error-summary';
import { FormField } from '@/components/form-field';
import { PageHeading } from '@/components/page-heading';
import { showToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useClient } from '@/lib/client-context';
import { problemsOf, useFormSubmit } from '@/lib/form-kit';
import { mediaUrl } from '@/lib/media';
import { DraftNotice } from '@/manage/shared/draft-notice';
import { EmptyState } from '@/manage/shared/empty-state';
import { PictureChooser } from '@/manage/shared/picture-chooser/picture-chooser';
import { cancelAffected } from '@/manage/shared/closing-api';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { SelectField } from '@/manage/shared/select-field';
import { EditAndMoveButtons, useReorderList } from '@/manage/shared/reorder-list';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { bookingCount, useClosingQuestion, WentBack } from '@/manage/shared/use-closing-question';
import { useFormDraft } from '@/manage/shared/use-form-draft';
import { useVersionConflict } from '@/manage/shared/use-version-conflict';
import { diffVersions } from '@/manage/shared/version-diff';
import {
  addStaffMember,
  fetchMenu,
  fetchStaff,
  fetchStaffMember,
  menuQueryKey,
  removeTimeOff,
  saveStaffMember,
  saveStaffOrder,
  saveTimeOff,
  setStaffActive,
  staffQueryKey,
} from './staff-api';
import {
  comparableValues,
  dayNames,
  emptyHours,
  formValuesOf,
  isStaffFormValues,
  labelOfField,
  nextSpan,
  schemaInputOf,
  weekOrder,
  withTreatment,
  type StaffFormValues,
} from './staff-form-values';
import { schemaResolver } from '@/lib/schema-resolver';

type StaffForm = UseFormReturn<StaffFormValues, unknown, StaffFields>;

/**
 * The shared schema (the one the server checks a member with) over the form's values, the
 * typed lengths and prices read as numbers: the boxes keep what was typed, the send gets numbers.
 */
const staffResolver = schemaResolver(staffFieldsSchema, schemaInputOf);

/** Puts a member as the server answered it into the screen's list. */
function putInList(queries: QueryClient, member: ManagedStaffMember): void {
  queries.setQueryData<ManagedStaffMember[]>(staffQueryKey, (list) =>
    list?.map((m) => (m.id === member.id ? member : m)),
  );
}

/** The box of a field by its dotted name (the error summary moves there). */
const boxId = (idBase: string, name: string) => `${idBase}-${name.replace(/\./g, '-')}`;

/** The error message of a field by its dotted name. */
function errorAt(form: StaffForm, name: string): string | undefined {
  let here: unknown = form.formState.errors;
  for (const part of name.split('.')) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, unknown>)[part];
  }
  const message = (here as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/**
 * One box of the form drawn from its value (watch and setValue rather than register: the spans
 * and the chosen treatments come and go, and a time box cannot show 24:00, so a day that runs to
 * midnight shows 23:59 until changed). useController/useWatch would grow the chunk every visitor
 * form shares (docs/decisions/0014-page-speed.md).
 */
function ValueBox({
  form,
  idBase,
  name,
  label,
  visibleLabel,
  type = 'text',
  inputMode,
  placeholder,
}: {
  form: StaffForm;
  idBase: string;
  name: string;
  /** The box's accessible name: the visible label first (WCAG 2.5.3), then what it is of. */
  label: string;
  visibleLabel: string;
  type?: 'text' | 'time';
  inputMode?: 'numeric' | 'decimal';
  placeholder?: string;
}) {
  const field = name as `name`;
  const value = String(form.watch(field) ?? '');
  const id = boxId(idBase, name);
  const error = errorAt(form, name);
  return (
    <div className="staff-box">
      <label htmlFor={id}>{visibleLabel}</label>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={type === 'time' && value === '24:00' ? '23:59' : value}
        onChange={(event) => form.setValue(field, event.target.value, { shouldDirty: true })}
      />
      {error && (
        <p className="form-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A weekday's spans: "Add a break" adds a second span after a gap; none is a day off. */
function DayHours({ form, idBase, day }: { form: StaffForm; idBase: string; day: StaffWeekday }) {
  const spans = form.watch(`hours.${day}`);
  const setSpans = (next: typeof spans) =>
    form.setValue(`hours.${day}`, next, { shouldDirty: true });
  const problem = errorAt(form, `hours.${day}`) ?? errorAt(form, `hours.${day}.root`);
  const name = dayNames[day];
  return (
    <fieldset className="staff-day">
      <legend>{name}</legend>
      {spans.length === 0 && <p>Not working</p>}
      {spans.map((span, i) => (
        <div key={i} className="manage__span staff-span">
          <ValueBox
            form={form}
            idBase={idBase}
            name={`hours.${day}.${i}.start`}
            type="time"
            visibleLabel="Starts"
            label={`Starts, ${name} span ${i + 1}`}
          />
          <ValueBox
            form={form}
            idBase={idBase}
            name={`hours.${day}.${i}.end`}
            type="time"
            visibleLabel="Ends"
            label={`Ends, ${name} span ${i + 1}`}
          />
          <button
            type="button"
            className="button"
            aria-label={`Remove ${name} ${span.start}–${span.end}`}
            onClick={() => setSpans(spans.filter((_, j) => j !== i))}
          >
            Remove
          </button>
        </div>
      ))}
      {problem && (
        <p className="form-field__error" role="alert">
          {problem}
        </p>
      )}
      <p className="staff-buttons">
        {spans.length === 0 ? (
          <button type="button" className="button" onClick={() => setSpans([nextSpan([])])}>
            Add hours on {name}
          </button>
        ) : (
          <button
            type="button"
            className="button"
            disabled={spans.length >= 6}
            onClick={() => setSpans([...spans, nextSpan(spans)])}
          >
            Add a break on {name}
          </button>
        )}
      </p>
    </fieldset>
  );
}

/** The menu's treatments as checkboxes; a ticked one may have its own length and price. */
function TreatmentChoices({
  form,
  idBase,
  menu,
}: {
  form: StaffForm;
  idBase: string;
  menu: ManageMenu;
}) {
  const chosen = form.watch('treatments');
  const menuOrder = menu.categories.flatMap((c) =>
    menu.treatments.filter((t) => t.categoryId === c.id).map((t) => t.id),
  );
  const problem = errorAt(form, 'treatments');
  return (
    <fieldset className="staff-treatments">
      <legend>Treatments they perform</legend>
      <p>Leave the own length and price empty for the treatment’s usual ones.</p>
      {problem && (
        <p className="form-field__error" role="alert">
          {problem}
        </p>
      )}
      {menu.categories.map((category) => {
        const treatments = menu.treatments.filter((t) => t.categoryId === category.id);
        if (treatments.length === 0) return null;
        return (
          <div key={category.id}>
            <h3>{category.name}</h3>
            <ul className="staff-treatments__list">
              {treatments.map((treatment) => {
                const index = chosen.findIndex((t) => t.treatmentId === treatment.id);
                const refused = index >= 0 && errorAt(form, `treatments.${index}.treatmentId`);
                return (
                  <li key={treatment.id}>
                    <label className="staff-check">
                      <input
                        id={boxId(idBase, `treatment-${treatment.id}`)}
                        type="checkbox"
                        checked={index >= 0}
                        onChange={(event) =>
                          form.setValue(
                            'treatments',
                            withTreatment(chosen, treatment.id, event.target.checked, menuOrder),
                            { shouldDirty: true },
                          )
                        }
                      />{' '}
                      {treatment.name}{' '}
                      <span className="staff-muted">
                        ({formatDuration(treatment.duration)}, {formatPounds(treatment.price)}
                        {treatment.active ? '' : ', not offered now'})
                      </span>
                    </label>
                    {refused && (
                      <p className="form-field__error" role="alert">
                        {refused}
                      </p>
                    )}
                    {index >= 0 && (
                      <div className="staff-treatments__own">
                        <ValueBox
                          form={form}
                          idBase={idBase}
                          name={`treatments.${index}.duration`}
                          visibleLabel="Own length (minutes)"
                          label={`Own length (minutes), ${treatment.name}`}
                          inputMode="numeric"
                          placeholder={String(treatment.duration)}
                        />
                        <ValueBox
                          form={form}
                          idBase={idBase}
                          name={`treatments.${index}.price`}
                          visibleLabel="Own price (£)"
                          label={`Own price (£), ${treatment.name}`}
                          inputMode="decimal"
                          placeholder={treatment.price.toFixed(2)}
                        />
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </fieldset>
  );
}

/** The photo: a picture of the client's library through the picture chooser, never a file name. */
function PhotoField({ form, name }: { form: StaffForm; name: string }) {
  // The alt text of the photo is the member's name: the chooser asks for no description.
  const photo = form.watch('photo');
  const problem = errorAt(form, 'photo');
  return (
    <div className="staff-photo">
      <PictureChooser
        // The chooser's button reads "Choose photo" / "Change photo"; its line names the picture.
        label="Photo"
        emptyNote="No photo yet."
        value={photo ? { file: photo, alt: name } : {}}
        siteFiles={[]}
        describe={false}
        onChoose={(picture) => form.setValue('photo', picture.file, { shouldDirty: true })}
      />
      {photo && (
        <button
          type="button"
          className="button"
          onClick={() => form.setValue('photo', '', { shouldDirty: true })}
        >
          Remove the photo
        </button>
      )}
      {problem && (
        <p className="form-field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * One member's fields on the form kit (the shared schema, the server's field problems on their
 * boxes, the summary, a toast), kept as a draft in this browser until saved or discarded, saved
 * with the version the edit began from: someone else's save first shows both versions.
 */
function StaffForm({
  member,
  menu,
  idBase,
  titleId,
}: {
  member: ManagedStaffMember;
  menu: ManageMenu;
  idBase: string;
  titleId: string;
}) {
  const queries = useQueryClient();
  const form = useForm<StaffFormValues, unknown, StaffFields>({
    resolver: staffResolver,
    mode: 'onSubmit',
    defaultValues: formValuesOf(member),
  });
  const draft = useFormDraft(form, {
    screen: 'staff',
    record: String(member.id),
    version: member.version,
    isValues: isStaffFormValues,
  });
  const conflict = useVersionConflict<ManagedStaffMember>();
  useUnsavedChanges(form.formState.isDirty);

  const treatmentName = (id: number) =>
    menu.treatments.find((t) => t.id === id)?.name ?? `Treatment ${id}`;
  const showSaved = (answer: ManagedStaffMember) => {
    putInList(queries, answer);
    form.reset(formValuesOf(answer));
    draft.forget(answer.version);
    conflict.clear();
  };

  const { submit, failure, setFailure } = useFormSubmit(form, {
    send: async (fields) => {
      const version = conflict.versionToSend(Number(draft.baseVersion));
      showSaved(await saveStaffMember(member.id, { ...fields, version }));
    },
    savedText: 'Saved. Bookings follow the change now.',
    failedText: 'The staff member could not be saved. Please try again.',
    onFailure: (error) =>
      conflict.onConflict(
        error,
        () => fetchStaffMember(member.id),
        (message) => setFailure(message),
      ),
  });

  // eslint-disable-next-line react-hooks/incompatible-library -- watch, as ValueBox says
  const name = form.watch('name');
  const values = form.getValues();
  const errors = form.formState.errors;
  const submitting = form.formState.isSubmitting;
  const labels = Object.fromEntries(
    problemsOf(errors).map((problem) => [
      problem.name,
      labelOfField(problem.name, values, treatmentName),
    ]),
  );
  return (
    <form
      className="manage__form staff-form"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {draft.restored && <DraftNotice savedAt={draft.restored.savedAt} onDiscard={draft.discard} />}
      {conflict.view({
        differences: (theirs) =>
          diffVersions(
            comparableValues(formValuesOf(theirs), treatmentName),
            comparableValues(values, treatmentName),
          ),
        labelOf: (path) => labelOfField(path, values, treatmentName),
        busy: submitting,
        resubmit: () => void submit(),
        takeTheirs: showSaved,
      })}
      <FormField label="Name" required registration={form.register('name')} error={errors.name} />
      <FormField
        label="Short bio"
        hint="A sentence or two visitors read when they choose who to book."
        multiline
        registration={form.register('bio')}
        error={errors.bio}
      />
      <PhotoField form={form} name={name} />
      <label className="staff-check">
        <input type="checkbox" {...form.register('active')} /> Takes bookings (shown to visitors)
      </label>
      <TreatmentChoices form={form} idBase={idBase} menu={menu} />
      <h3>Weekly hours</h3>
      <p>
        Their own hours, inside the salon’s opening hours. A gap between two spans is a break; a day
        without spans is a day off.
      </p>
      <div className="staff-week">
        {weekOrder.map((day) => (
          <DayHours key={day} form={form} idBase={idBase} day={day} />
        ))}
      </div>
      <div className="manage__save-bar">
        <ErrorSummary
          errors={errors}
          failure={failure}
          submitCount={form.formState.submitCount}
          submitting={submitting}
          onFocusField={(field) => {
            const box =
              document.getElementById(boxId(idBase, field)) ??
              (field.startsWith('treatments.')
                ? document.getElementById(
                    boxId(
                      idBase,
                      `treatment-${values.treatments[Number(field.split('.')[1])]?.treatmentId}`,
                    ),
                  )
                : null);
            if (box) box.focus();
            else form.setFocus(field as keyof StaffFormValues);
          }}
          labels={labels}
        />
        {form.formState.isDirty && <p>You have unsaved changes.</p>}
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Saving…' : `Save ${member.name}`}
        </button>
      </div>
    </form>
  );
}

const kindLabels = { holiday: 'Holiday', sickness: 'Sickness', other: 'Other' } as const;

const describeDays = (off: Pick<ManagedTimeOff, 'from' | 'to'>) =>
  off.from === off.to ? off.from : `${off.from} to ${off.to}`;

/** The time-off form's values; an empty "To" is one day. */
type TimeOffValues = StaffTimeOffInput & { to: string; note: string };
const emptyTimeOff: TimeOffValues = { from: '', to: '', kind: 'holiday', note: '' };
const timeOffResolver = schemaResolver(staffTimeOffSchema, (values: TimeOffValues) => ({
  ...values,
  to: values.to || values.from,
}));

/**
 * A range of time off being written: its own small form, sent on its own (time off is not part of
 * the member's versioned fields). `saveTimeOff` is the one place it is saved.
 */
function TimeOffAdder({ member }: { member: ManagedStaffMember }) {
  const queries = useQueryClient();
  const form = useForm<TimeOffValues, unknown, StaffTimeOffRequest>({
    resolver: timeOffResolver,
    mode: 'onSubmit',
    defaultValues: emptyTimeOff,
  });
  useUnsavedChanges(form.formState.isDirty);
  // Issue 32: time off over their bookings asks first, as the salon's closures do.
  const closing = useClosingQuestion(`${member.name}'s time off`);
  const [afterSave, setAfterSave] = useState<string | undefined>();
  const { submit, failure } = useFormSubmit(form, {
    send: async (off) => {
      setAfterSave(undefined);
      const { groups, decision } = await closing.ask([
        { from: off.from, to: off.to, staffId: member.id },
      ]);
      putInList(queries, await saveTimeOff(member.id, off));
      // With values: reset() without them also resets the <form> element.
      form.reset(emptyTimeOff);
      if (decision.kind !== 'cancel') return;
      try {
        const cancelled = await cancelAffected(groups, decision.message);
        showToast(
          'saved',
          `Time off added. ${bookingCount(cancelled.length)} cancelled; each customer is e-mailed.`,
        );
      } catch (error) {
        const why = error instanceof ApiError ? ` (${error.message})` : '';
        setAfterSave(
          `The time off is added, but the bookings could not all be cancelled${why}. Please cancel them from the diary.`,
        );
        throw new WentBack();
      }
    },
    savedText: 'Time off added: they are not offered on those days.',
    failedText: 'The time off could not be added. Please try again.',
    onFailure: (error) => error instanceof WentBack,
  });
  const errors = form.formState.errors;
  return (
    <form
      className="manage__form staff-time-off__add"
      aria-label={`Add time off for ${member.name}`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {closing.dialog}
      <h3>Add time off</h3>
      <FormField
        label="From"
        type="date"
        required
        registration={form.register('from')}
        error={errors.from}
      />
      <FormField
        label="To (empty for one day)"
        type="date"
        registration={form.register('to')}
        error={errors.to}
      />
      <SelectField
        label="Kind"
        required
        registration={form.register('kind')}
        error={errors.kind}
        options={Object.entries(kindLabels).map(([value, label]) => ({ value, label }))}
      />
      <FormField
        label="Note (optional, only you see it)"
        registration={form.register('note')}
        error={errors.note}
      />
      <FormErrorSummary
        form={form}
        failure={failure ?? afterSave}
        labels={{ from: 'From', to: 'To', kind: 'Kind', note: 'Note' }}
      />
      <p>
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Adding…' : 'Add the time off'}
        </button>
      </p>
    </form>
  );
}

/** A member's time off, earliest first, each removable; and the form that adds one. */
function TimeOffSection({ member }: { member: ManagedStaffMember }) {
  const queries = useQueryClient();
  const remove = useMutation({
    mutationFn: (off: ManagedTimeOff) => removeTimeOff(member.id, off.id),
    onSuccess: (answer) => {
      putInList(queries, answer);
      showToast('saved', 'Time off removed.');
    },
  });
  return (
    <section className="staff-time-off" aria-labelledby={`staff-${member.id}-time-off`}>
      <h2 id={`staff-${member.id}-time-off`}>Time off</h2>
      {member.timeOff.length === 0 ? (
        <EmptyState title="No time off">
          A holiday or a sick day: add it below, and they are not offered on those days.
        </EmptyState>
      ) : (
        <ul className="staff-time-off__list">
          {member.timeOff.map((off) => (
            <li key={off.id}>
              <span>
                {describeDays(off)} · {kindLabels[off.kind]}
                {off.note ? ` · ${off.note}` : ''}
              </span>{' '}
              <button
                type="button"
                className="button"
                disabled={remove.isPending}
                aria-label={`Remove the time off ${describeDays(off)}`}
                onClick={() => remove.mutate(off)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.error && <p role="alert">{remove.error.message}</p>}
      <TimeOffAdder member={member} />
    </section>
  );
}

/** One member open for editing: their fields, then their time off. */
function StaffEditor({
  member,
  menu,
  idBase,
}: {
  member: ManagedStaffMember;
  menu: ManageMenu;
  idBase: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The editor replaces the list: focus goes to its heading, so the move is heard.
  useEffect(() => heading.current?.focus(), []);
  const titleId = `${idBase}-h`;
  return (
    <article className="card staff-editor" aria-labelledby={titleId}>
      <p>
        <Link to=".">← All staff</Link>
      </p>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {member.name}
        {!member.active && ' (not taking bookings)'}
      </h2>
      <StaffForm member={member} menu={menu} idBase={idBase} titleId={titleId} />
      <TimeOffSection member={member} />
    </article>
  );
}

/** The add form: a name and a bio; the new member starts without bookings and their editor opens. */
function AddStaff({ onAdded }: { onAdded: (member: ManagedStaffMember) => void }) {
  const queries = useQueryClient();
  const empty: StaffFormValues = {
    name: '',
    bio: '',
    photo: '',
    active: false,
    treatments: [],
    hours: emptyHours(),
  };
  const form = useForm<StaffFormValues, unknown, StaffFields>({
    resolver: staffResolver,
    mode: 'onSubmit',
    defaultValues: empty,
  });
  const leaveFreely = useUnsavedChanges(form.formState.isDirty);
  const { submit, failure } = useFormSubmit(form, {
    send: async (fields) => {
      const member = await addStaffMember(fields);
      await queries.invalidateQueries({ queryKey: staffQueryKey });
      form.reset(empty);
      leaveFreely();
      onAdded(member);
    },
    savedText: 'Added, not taking bookings yet: choose their treatments and hours.',
    failedText: 'The staff member could not be added. Please try again.',
  });
  return (
    <details className="card staff-add">
      <summary>Add a staff member</summary>
      <form
        className="manage__form"
        aria-label="Add a staff member"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <FormField
          label="Name"
          required
          registration={form.register('name')}
          error={form.formState.errors.name}
        />
        <FormField
          label="Short bio"
          multiline
          registration={form.register('bio')}
          error={form.formState.errors.bio}
        />
        <FormErrorSummary
          form={form}
          failure={failure}
          labels={{ name: 'Name', bio: 'Short bio' }}
        />
        <p>
          <button
            type="submit"
            className="button button--primary"
            disabled={form.formState.isSubmitting}
          >
            Add the staff member
          </button>
        </p>
      </form>
    </details>
  );
}

/** The staff in the order visitors see them: photo, name, state, Edit, move, take bookings. */
function StaffList({
  list,
  idBase,
  focusId,
}: {
  list: ManagedStaffMember[];
  idBase: string;
  /** The member whose editor was just left: their Edit link takes focus again. */
  focusId: number | undefined;
}) {
  const client = useClient();
  const queries = useQueryClient();
  const { move, statusText, setStatusText, error } = useReorderList({
    list,
    idBase,
    nameOf: (member) => member.name,
    save: async (ids) => {
      queries.setQueryData(staffQueryKey, await saveStaffOrder(ids));
    },
    focusId,
  });
  const activate = useMutation({
    mutationFn: (member: ManagedStaffMember) => setStaffActive(member.id, !member.active),
    onSuccess: (answer) => {
      putInList(queries, answer);
      setStatusText(
        answer.active
          ? `${answer.name} takes bookings now.`
          : `${answer.name} no longer takes bookings.`,
      );
    },
  });
  return (
    <>
      <p role="status">{statusText}</p>
      {error && <p role="alert">{error.message}</p>}
      {activate.error && <p role="alert">{activate.error.message}</p>}
      <ol className="manage__cards staff-list">
        {list.map((member, index) => {
          const base = `${idBase}-${member.id}`;
          return (
            <li key={member.id} className="card staff-card">
              <div className="staff-card__head">
                {member.photo ? (
                  <img
                    src={mediaUrl(client, member.photo)}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                  />
                ) : (
                  <span className="staff-card__initial" aria-hidden="true">
                    {member.name.charAt(0)}
                  </span>
                )}
                <div>
                  <h2>{member.name}</h2>
                  <p className="staff-muted">
                    {member.active ? 'Takes bookings' : 'Not taking bookings'} ·{' '}
                    {member.treatments.length}{' '}
                    {member.treatments.length === 1 ? 'treatment' : 'treatments'}
                    {member.timeOff.length > 0 ? ` · ${member.timeOff.length} time off` : ''}
                  </p>
                </div>
              </div>
              <EditAndMoveButtons
                className="staff-buttons"
                base={base}
                id={member.id}
                name={member.name}
                index={index}
                count={list.length}
                onMove={move}
              >
                <button
                  type="button"
                  className="button"
                  disabled={activate.isPending}
                  onClick={() => activate.mutate(member)}
                  aria-label={`${member.active ? 'Stop bookings' : 'Take bookings'}, ${member.name}`}
                >
                  {member.active ? 'Stop bookings' : 'Take bookings'}
                </button>
              </EditAndMoveButtons>
            </li>
          );
        })}
      </ol>
    </>
  );
}

/**
 * /manage/staff: the salon's people in the order visitors see them; `?edit=<id>` opens one
 * member's editor in the list's place.
 */
export default function StaffPage() {
  const idBase = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editing = Number(params.get('edit')) || undefined;
  const [lastEdited, setLastEdited] = useState<number | undefined>();
  if (editing !== undefined && lastEdited !== editing) setLastEdited(editing);
  const staff = useQuery({ queryKey: staffQueryKey, queryFn: fetchStaff, staleTime: 0 });
  const menu = useQuery({ queryKey: menuQueryKey, queryFn: fetchMenu });
  const list = staff.data ?? [];
  const open = editing === undefined ? undefined : list.find((m) => m.id === editing);
  const pending = staff.isPending || (open !== undefined && menu.isPending);
  return (
    <section className="manage__screen">
      <PageHeading title="Staff">Staff</PageHeading>
      {pending && <ScreenSkeleton />}
      {(staff.isError || menu.isError) && (
        <p role="alert">The staff could not be loaded. Please try again.</p>
      )}
      {open && menu.data ? (
        // Keyed: another member's editor starts from that member (and its own draft).
        <StaffEditor key={open.id} member={open} menu={menu.data} idBase={`${idBase}-${open.id}`} />
      ) : (
        !pending && (
          <>
            {editing !== undefined && staff.isSuccess && !open && (
              <p role="alert">
                There is no staff member {editing}. <Link to=".">See all staff</Link>
              </p>
            )}
            <AddStaff onAdded={(member) => void navigate(`?edit=${member.id}`)} />
            {staff.data?.length === 0 && (
              <EmptyState title="No staff yet">
                Open “Add a staff member” above: visitors can then choose who to book.
              </EmptyState>
            )}
            {list.length > 0 && <StaffList list={list} idBase={idBase} focusId={lastEdited} />}
          </>
        )
      )}
    </section>
  );
}
