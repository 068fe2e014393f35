import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '#shared/toast/use-toast.ts';
import { Spinner } from '#shared/ui/spinner.tsx';
import { useReceiptUrl } from '../api/get-receipt.ts';
import type { ReceiptWhich } from '../api/request-queries.ts';

/**
 * A receipt image of a request: fetched with the bearer token and shown from an object URL (an
 * <img src> cannot send the header). One that cannot be loaded or drawn shows the 'image is
 * broken' toast (SPEC.md §8) once. It opens full size in a new tab.
 */
export function ReceiptPreview({ requestId, which, available, label }: { requestId: number; which: ReceiptWhich; available: boolean; label: string }) {
  const { t } = useTranslation(['asset']);
  const toast = useToast();
  const receipt = useReceiptUrl(requestId, which, available);
  const told = useRef(false);
  const broken = () => {
    if (told.current) return;
    told.current = true;
    toast.error(t('asset:toast.imageBroken'));
  };
  useEffect(() => {
    if (receipt.isError) broken();
  }, [receipt.isError]); // told once per preview

  return (
    <figure className="flex flex-col gap-2" data-testid={`receipt-${which}`}>
      <figcaption className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</figcaption>
      <div className="flex h-48 w-48 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50">
        {!available ? (
          <span className="px-2 text-center text-xs text-slate-500">{t('asset:receipt.none')}</span>
        ) : receipt.url ? (
          <a href={receipt.url} target="_blank" rel="noreferrer" title={t('asset:receipt.open')} className="h-full w-full">
            <img src={receipt.url} alt={label} className="h-full w-full object-contain" onError={broken} />
          </a>
        ) : receipt.isError ? (
          <span className="px-2 text-center text-xs text-red-600">{t('asset:receipt.broken')}</span>
        ) : (
          <Spinner className="h-5 w-5 text-slate-400" label={t('asset:receipt.loading')} />
        )}
      </div>
    </figure>
  );
}
