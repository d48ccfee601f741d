/** Country names in the eight UI languages (bundled JSON, no network). */
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import sk from 'i18n-iso-countries/langs/sk.json' with { type: 'json' };
import cs from 'i18n-iso-countries/langs/cs.json' with { type: 'json' };
import pl from 'i18n-iso-countries/langs/pl.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import hu from 'i18n-iso-countries/langs/hu.json' with { type: 'json' };
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import ru from 'i18n-iso-countries/langs/ru.json' with { type: 'json' };
import type { LocaleData } from 'i18n-iso-countries';

export const countryLocales = [en, sk, cs, pl, es, hu, nl, ru] as unknown as LocaleData[];
