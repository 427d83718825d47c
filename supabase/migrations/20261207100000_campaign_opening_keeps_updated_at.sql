-- updated_at is the time of the campaign's last edit. The opening job's mark (abierta_en) is not an
-- edit: a write that changes nothing else leaves updated_at, so a campaign form open in the back
-- office at the opening instant still saves (its check of updated_at).
create function private.touch_campaign()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (to_jsonb(new) - '{abierta_en,inicia_en,updated_at}'::text[]) = (to_jsonb(old) - '{abierta_en,inicia_en,updated_at}'::text[])
     and new.abierta_en is distinct from old.abierta_en then
    new.updated_at := old.updated_at;
  else
    new.updated_at := now();
  end if;
  return new;
end
$$;
comment on function private.touch_campaign() is 'Trigger: a campaign''s updated_at is now() on every edit, and left as it was by a write of only the opening mark (abierta_en).';

drop trigger set_updated_at on public.campaigns;
create trigger set_updated_at
  before update on public.campaigns
  for each row execute function private.touch_campaign();
