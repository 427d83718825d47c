/** 'Ver todas las campañas': a dialog listing every active campaign with its time label and elapsed-time bar. */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { PUBLIC_IMAGE_TRANSFORMS } from 'astro:env/client';
import type { ActiveCampaign } from '../../data/campaigns.ts';
import { campaignListLabel, campaignProgress } from '../../lib/campaign.ts';
import { formatDisplayDate, todayInMexicoCity } from '../../lib/dates.ts';
import { shopHref } from '../../lib/filters.ts';
import { renderImageUrl } from '../../lib/images.ts';

function CampaignRow({ campaign: c, today }: { campaign: ActiveCampaign; today: string }) {
  const label = campaignListLabel(c.fecha_fin, today);
  const progress = Math.round(campaignProgress(c, today));
  return (
    <li className="relative flex gap-4 rounded-2xl border border-neutral-200 p-3 transition hover:border-neutral-950">
      <div className="h-16 w-24 shrink-0 overflow-hidden rounded-xl bg-gradient-to-br from-neutral-900 to-lime-700">
        {c.image_url && (
          <img src={renderImageUrl(c.image_url, { width: 192, height: 128, resize: 'cover', transforms: PUBLIC_IMAGE_TRANSFORMS })} alt="" width={96} height={64} loading="lazy" className="size-full object-cover" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold leading-snug text-neutral-950">
            <a href={shopHref({ campaign_id: c.id })} className="after:absolute after:inset-0">{c.nombre}</a>
          </h3>
          {label && <span className="shrink-0 rounded-full bg-lime-400 px-2.5 py-0.5 text-xs font-bold text-neutral-950">{label}</span>}
        </div>
        <p className="text-xs text-neutral-600">
          Termina: <time dateTime={c.fecha_fin}>{formatDisplayDate(c.fecha_fin)}</time> · {c.product_count === 1 ? '1 producto' : `${c.product_count} productos`}
        </p>
        <div
          role="progressbar"
          aria-label={`Tiempo transcurrido de ${c.nombre}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-1.5 overflow-hidden rounded-full bg-neutral-100"
        >
          <div className="h-full rounded-full bg-lime-500" style={{ width: `${progress}%` }} />
        </div>
      </div>
    </li>
  );
}

export default function CampaignsDialog({ campaigns }: { campaigns: ActiveCampaign[] }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className="inline-flex items-center gap-2 rounded-full border border-neutral-300 bg-white px-5 py-2.5 text-sm font-semibold text-neutral-900 transition hover:border-neutral-950">
        Ver todas las campañas ({campaigns.length})
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-neutral-950/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col rounded-t-3xl bg-white shadow-2xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl">
          <div className="flex items-start justify-between gap-4 border-b border-neutral-200 px-5 py-4">
            <div>
              <Dialog.Title className="text-lg font-bold text-neutral-950">Campañas activas</Dialog.Title>
              <Dialog.Description className="text-sm text-neutral-600">
                {campaigns.length === 1 ? '1 campaña' : `${campaigns.length} campañas`} con descuentos por tiempo limitado.
              </Dialog.Description>
            </div>
            <Dialog.Close aria-label="Cerrar" className="inline-flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-neutral-100">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <ul className="flex flex-col gap-3 overflow-y-auto p-5">
            {campaigns.map((c) => <CampaignRow key={c.id} campaign={c} today={todayInMexicoCity()} />)}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
