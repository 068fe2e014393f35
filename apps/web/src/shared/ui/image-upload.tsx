import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../hooks/use-object-url.ts';
import { FieldShell } from './field.tsx';

/** Images the console accepts (SPEC.md §5): jpg, jpeg, png, under 5 MB. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Why a file cannot be uploaded (a common-namespace key), or null. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): 'image.notImage' | 'image.tooLarge' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'image.notImage';
  if (file.size >= IMAGE_MAX_BYTES) return 'image.tooLarge';
  return null;
}

export interface ImageUploadProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  required?: boolean;
  hint?: string;
  error?: string;
  disabled?: boolean;
}

/** Image upload (SPEC.md §2): accepts image files only and shows a preview. */
export function ImageUpload({ label, value, onChange, required, hint, error, disabled }: ImageUploadProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<ReturnType<typeof imageProblem>>(null);
  const preview = useObjectUrl(value);

  return (
    <FieldShell label={label} htmlFor={id} required={required} hint={hint} error={problem ? t(problem) : error}>
      <div className="flex items-center gap-4">
        <div className="flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-md border border-dashed border-slate-300 bg-slate-50">
          {preview ? <img src={preview} alt={t('image.preview')} className="h-full w-full object-cover" /> : <span className="text-xs text-slate-500">{t('image.none')}</span>}
        </div>
        <div className="flex min-w-0 flex-col items-start gap-2">
          {/* the browser's own file button speaks the browser's language and is wider than 390 px:
              the input stays (named by the field's label, focusable), a button-like text in the console's language shows */}
          <input
            ref={input}
            id={id}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            disabled={disabled}
            className="peer sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              event.target.value = '';
              if (!file) return;
              const why = imageProblem(file);
              setProblem(why);
              if (!why) onChange(file);
            }}
          />
          <span
            aria-hidden="true"
            onClick={() => input.current?.click()}
            className="cursor-pointer rounded-md bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-800 peer-focus-visible:outline-2 peer-focus-visible:outline-amber-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-50 hover:bg-amber-100"
          >
            {t('image.choose')}
          </span>
          {value ? <span className="max-w-full truncate text-xs text-slate-600">{value.name}</span> : null}
          {value ? (
            <button type="button" className="self-start text-xs font-medium text-red-700 hover:underline" onClick={() => onChange(null)}>
              {t('image.remove')}
            </button>
          ) : null}
        </div>
      </div>
    </FieldShell>
  );
}
