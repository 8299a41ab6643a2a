/**
 * How the sign-in page looks: name, tagline, colors, logos and the background's display
 * settings. The draft lives in the page (the live preview draws it); saving sends only what
 * changed, after the form's own checks (colours are hex, logos are web addresses), and the
 * server's message lands under the field it names, in that field's words.
 */
import type { ApiError } from '../../api.js';
import {
  Button,
  Card,
  Field,
  fieldError,
  formError,
  hexColorProblem,
  isHexColor,
  Select,
  TextField,
  useClientChecks,
  useId,
  webAddressProblem,
} from '../../ui/index.js';
import {
  BACKGROUND_FITS,
  BACKGROUND_POSITIONS,
  MAX_DISPLAY_NAME,
  MAX_TAGLINE,
} from '../../../../domain/workspace/brandingOptions.js';
import type { BrandingFields } from './brandingApi.js';

export interface LookDraft extends BrandingFields {
  displayName: string;
}

const LABELS = {
  displayName: 'Display name',
  tagline: 'Tagline',
  primaryColor: 'Primary color',
  secondaryColor: 'Secondary color',
  loginLogo: 'Login logo URL',
  companyLogo: 'Company logo URL',
  display: 'Display settings',
  'display.fit': 'Background fit',
  'display.position': 'Background position',
  'display.cardPosition': 'Sign-in card position',
} as const;

const FIT_LABELS: Record<string, string> = {
  cover: 'Cover (fill, crop edges)',
  contain: 'Contain (whole image)',
  fill: 'Stretch to fill',
  original: 'Original size',
};
const words = (s: string) => s.replace('-', ' ').replace(/^\w/, (c) => c.toUpperCase());

function ColorField({
  label,
  value,
  onInput,
  onBlur,
  error,
}: {
  label: string;
  value: string;
  onInput: (v: string) => void;
  onBlur: (e: FocusEvent) => void;
  error: string | null;
}) {
  const id = useId('color');
  return (
    <Field id={id} label={label} error={error} hint="Hex, e.g. #4F46E5">
      <div class="color-field">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={isHexColor(value) ? value.toLowerCase() : '#000000'}
          onInput={(e) => onInput((e.currentTarget as HTMLInputElement).value.toUpperCase())}
        />
        <input
          id={id}
          class="input"
          value={value}
          maxLength={7}
          spellcheck={false}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={`${id}-${error ? 'error' : 'hint'}`}
          onInput={(e) => onInput((e.currentTarget as HTMLInputElement).value)}
          onBlur={onBlur}
        />
      </div>
    </Field>
  );
}

function LogoField({
  label,
  hint,
  value,
  onInput,
  onBlur,
  error,
}: {
  label: string;
  hint: string;
  value: string | null;
  onInput: (v: string | null) => void;
  onBlur: (e: FocusEvent) => void;
  error: string | null;
}) {
  return (
    <div class="row" style={{ alignItems: 'flex-end', flexWrap: 'nowrap' }}>
      {value ? <img class="logo-thumb" src={value} alt="" style={{ marginBottom: error ? '26px' : '24px' }} /> : null}
      <div style={{ flex: '1' }}>
        <TextField
          label={label}
          aside="optional"
          type="url"
          value={value ?? ''}
          onInput={(v) => onInput(v.trim() === '' ? null : v)}
          placeholder="https://…/logo.svg"
          hint={hint}
          error={error}
          inputProps={{ onBlur }}
        />
      </div>
    </div>
  );
}

function Percent({ label, value, onInput }: { label: string; value: number; onInput: (v: number) => void }) {
  const id = useId('pct');
  return (
    <div class="range-field">
      <label class="field-label" for={id}>
        {label} <output for={id}>{value}%</output>
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={value}
        onInput={(e) => onInput(Number((e.currentTarget as HTMLInputElement).value))}
      />
    </div>
  );
}

export function cardXY(cardPosition: string): [number, number] {
  const [x, y] = cardPosition.split(',').map(Number);
  return [Number.isFinite(x) ? x! : 50, Number.isFinite(y) ? y! : 50];
}

export function LookForm({
  draft,
  onChange,
  dirty,
  busy,
  error,
  onSave,
  onDiscard,
}: {
  draft: LookDraft;
  onChange: (patch: Partial<LookDraft>) => void;
  dirty: boolean;
  busy: boolean;
  error: ApiError | null;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const [x, y] = cardXY(draft.display.cardPosition);
  const display = (patch: Partial<LookDraft['display']>) => onChange({ display: { ...draft.display, ...patch } });
  const checks = useClientChecks({
    primaryColor: hexColorProblem(LABELS.primaryColor, draft.primaryColor),
    secondaryColor: hexColorProblem(LABELS.secondaryColor, draft.secondaryColor),
    loginLogo: webAddressProblem(LABELS.loginLogo, draft.loginLogo ?? ''),
    companyLogo: webAddressProblem(LABELS.companyLogo, draft.companyLogo ?? ''),
  });
  // The form's own finding first (it is about the value on screen), then the server's.
  const errorOf = (field: keyof typeof LABELS) => checks.shown(field) ?? fieldError(error, field, LABELS);
  const general = formError(error, LABELS);
  const displayError = errorOf('display.cardPosition') ?? errorOf('display');
  return (
    <Card title="Look" description="Your name, colors and logos on the sign-in page and in this dashboard.">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (checks.attempt()) onSave();
        }}
      >
        {general && (
          <div class="callout callout-danger form-alert" role="alert">
            {general}
          </div>
        )}
        <div class="stack">
          <TextField
            label={LABELS.displayName}
            value={draft.displayName}
            onInput={(v) => onChange({ displayName: v })}
            maxLength={MAX_DISPLAY_NAME}
            error={errorOf('displayName')}
          />
          <TextField
            label={LABELS.tagline}
            aside="optional"
            value={draft.tagline}
            onInput={(v) => onChange({ tagline: v })}
            maxLength={MAX_TAGLINE}
            hint={`Shown under your logo; up to ${MAX_TAGLINE} characters.`}
            error={errorOf('tagline')}
          />
          <div class="grid grid-2 form-grid">
            <ColorField
              label={LABELS.primaryColor}
              value={draft.primaryColor}
              onInput={(v) => onChange({ primaryColor: v })}
              onBlur={(e: FocusEvent) => checks.touch('primaryColor', e)}
              error={errorOf('primaryColor')}
            />
            <ColorField
              label={LABELS.secondaryColor}
              value={draft.secondaryColor}
              onInput={(v) => onChange({ secondaryColor: v })}
              onBlur={(e: FocusEvent) => checks.touch('secondaryColor', e)}
              error={errorOf('secondaryColor')}
            />
          </div>
          <LogoField
            label={LABELS.loginLogo}
            hint="On the sign-in card. SVG or PNG, https."
            value={draft.loginLogo}
            onInput={(v) => onChange({ loginLogo: v })}
            onBlur={(e: FocusEvent) => checks.touch('loginLogo', e)}
            error={errorOf('loginLogo')}
          />
          <LogoField
            label={LABELS.companyLogo}
            hint="In this dashboard's header after sign-in."
            value={draft.companyLogo}
            onInput={(v) => onChange({ companyLogo: v })}
            onBlur={(e: FocusEvent) => checks.touch('companyLogo', e)}
            error={errorOf('companyLogo')}
          />
          <div class="grid grid-2 form-grid">
            <Select
              label={LABELS['display.fit']}
              value={draft.display.fit}
              onChange={(fit) => display({ fit })}
              options={BACKGROUND_FITS.map((f) => ({ value: f, label: FIT_LABELS[f] ?? f }))}
              error={errorOf('display.fit')}
            />
            <Select
              label={LABELS['display.position']}
              value={draft.display.position}
              onChange={(position) => display({ position })}
              options={BACKGROUND_POSITIONS.map((p) => ({ value: p, label: words(p) }))}
              error={errorOf('display.position')}
            />
          </div>
          <fieldset class="fieldset">
            <legend class="field-label">Sign-in card position (on wide screens, over the background)</legend>
            <div class="range-row">
              <Percent label="From the left" value={x} onInput={(v) => display({ cardPosition: `${v},${y}` })} />
              <Percent label="From the top" value={y} onInput={(v) => display({ cardPosition: `${x},${v}` })} />
            </div>
            {displayError && (
              <p class="field-error" role="alert">
                {displayError}
              </p>
            )}
          </fieldset>
        </div>
        <div class="form-actions">
          <Button
            onClick={() => {
              checks.reset();
              onDiscard();
            }}
            disabled={!dirty || busy}
          >
            Discard changes
          </Button>
          <Button variant="primary" type="submit" busy={busy} disabled={!dirty}>
            Save branding
          </Button>
        </div>
      </form>
    </Card>
  );
}
