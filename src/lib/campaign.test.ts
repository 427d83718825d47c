import { describe, expect, it } from 'vitest';
import {
  adminCampaignStatus,
  campaignListLabel,
  campaignProgress,
  campaignStartDate,
  daysRemaining,
  isCampaignActive,
  remainingBadge,
} from './campaign.ts';

const today = '2025-03-10';

describe('remainingBadge', () => {
  it('counts down to the end date', () => {
    expect(remainingBadge('2025-03-09', today)).toBeNull();
    expect(remainingBadge('2025-03-10', today)).toBe('Finaliza hoy');
    expect(remainingBadge('2025-03-11', today)).toBe('Finaliza en 1 día');
    expect(remainingBadge('2025-03-20', today)).toBe('Finaliza en 10 días');
  });
  it('shows nothing for an unreadable end date', () => {
    expect(remainingBadge('nope', today)).toBeNull();
    expect(remainingBadge(null, today)).toBeNull();
  });
});

describe('campaignListLabel', () => {
  it("gives 'Finalizada', 'Finaliza hoy' or the days left", () => {
    expect(campaignListLabel('2025-03-01', today)).toBe('Finalizada');
    expect(campaignListLabel('2025-03-10', today)).toBe('Finaliza hoy');
    expect(campaignListLabel('2025-03-11', today)).toBe('1 día');
    expect(campaignListLabel('2025-03-15', today)).toBe('5 días');
    expect(campaignListLabel('', today)).toBeNull();
  });
});

describe('public activity', () => {
  it('is active through the end date, compared by day', () => {
    expect(isCampaignActive('2025-03-10', today)).toBe(true);
    expect(isCampaignActive('2025-03-09', today)).toBe(false);
    expect(isCampaignActive('2026-01-01', today)).toBe(true);
    expect(isCampaignActive('bad', today)).toBe(false);
    expect(daysRemaining('2025-03-12', today)).toBe(2);
  });
});

describe('adminCampaignStatus', () => {
  it("is 'Próxima' before the start, 'Activa' through the end, 'Finalizada' after", () => {
    expect(adminCampaignStatus({ fecha_inicio: '2025-03-11', fecha_fin: '2025-03-20' }, today)).toBe('Próxima');
    expect(adminCampaignStatus({ fecha_inicio: '2025-03-10', fecha_fin: '2025-03-20' }, today)).toBe('Activa');
    expect(adminCampaignStatus({ fecha_inicio: '2025-03-01', fecha_fin: '2025-03-10' }, today)).toBe('Activa');
    expect(adminCampaignStatus({ fecha_inicio: '2025-03-01', fecha_fin: '2025-03-09' }, today)).toBe('Finalizada');
  });
  it('an announced campaign is Próxima until its hour on its start day, then Activa', () => {
    const announced = { fecha_inicio: today, fecha_fin: '2025-03-20', anuncio_desde: '2025-03-05', inicia_en: '2025-03-10T16:00:00Z' };
    expect(adminCampaignStatus(announced, today, new Date('2025-03-10T15:59:00Z'))).toBe('Próxima');
    expect(adminCampaignStatus(announced, today, new Date('2025-03-10T16:00:00Z'))).toBe('Activa');
    // without an announcement the hour does not count: it is live all day
    expect(adminCampaignStatus({ ...announced, anuncio_desde: null }, today, new Date('2025-03-10T15:59:00Z'))).toBe('Activa');
  });
  it('falls back to created_at when there is no start date', () => {
    expect(adminCampaignStatus({ fecha_inicio: null, created_at: '2025-03-12T18:00:00Z', fecha_fin: '2025-03-20' }, today)).toBe('Próxima');
    expect(adminCampaignStatus({ fecha_inicio: null, created_at: '2025-03-01T18:00:00Z', fecha_fin: '2025-03-20' }, today)).toBe('Activa');
  });
});

describe('campaignStartDate', () => {
  const now = new Date('2025-03-10T18:00:00Z');
  it('prefers fecha_inicio', () => {
    expect(campaignStartDate({ fecha_inicio: '2025-02-01', created_at: '2025-01-01T00:00:00Z', fecha_fin: '2025-04-01' }, now)).toBe(
      '2025-02-01',
    );
  });
  it('falls back to the Mexico City day of created_at', () => {
    // 03:00 UTC on 5 Feb is still 4 Feb in Mexico City.
    expect(campaignStartDate({ created_at: '2025-02-05T03:00:00Z', fecha_fin: '2025-04-01' }, now)).toBe('2025-02-04');
  });
  it('falls back to now when both are missing or unreadable', () => {
    expect(campaignStartDate({ fecha_inicio: null, created_at: null, fecha_fin: '2025-04-01' }, now)).toBe('2025-03-10');
    expect(campaignStartDate({ fecha_inicio: 'x', created_at: 'y', fecha_fin: '2025-04-01' }, now)).toBe('2025-03-10');
  });
});

describe('campaignProgress', () => {
  const c = { fecha_inicio: '2025-03-01', fecha_fin: '2025-03-21' }; // 20 days
  it('is the fraction of the campaign elapsed', () => {
    expect(campaignProgress(c, '2025-03-11')).toBe(50);
    expect(campaignProgress(c, '2025-03-16')).toBe(75);
  });
  it('is clamped between 5 and 100', () => {
    expect(campaignProgress(c, '2025-03-01')).toBe(5);
    expect(campaignProgress(c, '2025-02-01')).toBe(5);
    expect(campaignProgress(c, '2025-03-21')).toBe(100);
    expect(campaignProgress(c, '2025-05-01')).toBe(100);
  });
  it('handles one-day campaigns and unreadable dates', () => {
    expect(campaignProgress({ fecha_inicio: today, fecha_fin: today }, today)).toBe(100);
    expect(campaignProgress({ fecha_inicio: '2025-03-12', fecha_fin: '2025-03-12' }, today)).toBe(5);
    expect(campaignProgress({ fecha_inicio: '2025-03-01', fecha_fin: null }, today)).toBe(5);
  });
});
