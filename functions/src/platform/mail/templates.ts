/** Account mails in the user's preferred language (all 8 UI languages). */
import { languageById, PRODUCT_NAME, type LanguageCode } from '@lectio/shared';

interface Texts {
  greeting: (name: string) => string;
  confirmSubject: string;
  confirmBody: string;
  confirmAction: string;
  confirmValidity: string;
  resetSubject: string;
  resetBody: string;
  resetValidity: string;
  ignore: string;
}

const texts: Record<LanguageCode, Texts> = {
  en: {
    greeting: (n) => `Hello ${n},`,
    confirmSubject: `Confirm your ${PRODUCT_NAME} registration`,
    confirmBody: 'thank you for registering. Please confirm your e-mail address by opening this link:',
    confirmAction: 'Confirm registration',
    confirmValidity: 'The link is valid for 24 hours and can be used once.',
    resetSubject: `Your ${PRODUCT_NAME} password reset code`,
    resetBody: 'enter this code in the password change form:',
    resetValidity: 'The code is valid for 15 minutes.',
    ignore: 'If you did not ask for this, you can ignore this mail.',
  },
  sk: {
    greeting: (n) => `Dobrý deň, ${n},`,
    confirmSubject: `Potvrďte registráciu v ${PRODUCT_NAME}`,
    confirmBody: 'ďakujeme za registráciu. Potvrďte, prosím, svoju e-mailovú adresu otvorením tohto odkazu:',
    confirmAction: 'Potvrdiť registráciu',
    confirmValidity: 'Odkaz platí 24 hodín a dá sa použiť raz.',
    resetSubject: `Kód na obnovenie hesla v ${PRODUCT_NAME}`,
    resetBody: 'zadajte tento kód vo formulári na zmenu hesla:',
    resetValidity: 'Kód platí 15 minút.',
    ignore: 'Ak ste o to nežiadali, tento e-mail ignorujte.',
  },
  cs: {
    greeting: (n) => `Dobrý den, ${n},`,
    confirmSubject: `Potvrďte registraci v ${PRODUCT_NAME}`,
    confirmBody: 'děkujeme za registraci. Potvrďte prosím svou e-mailovou adresu otevřením tohoto odkazu:',
    confirmAction: 'Potvrdit registraci',
    confirmValidity: 'Odkaz platí 24 hodin a lze jej použít jednou.',
    resetSubject: `Kód pro obnovení hesla v ${PRODUCT_NAME}`,
    resetBody: 'zadejte tento kód ve formuláři pro změnu hesla:',
    resetValidity: 'Kód platí 15 minut.',
    ignore: 'Pokud jste o to nežádali, tento e-mail ignorujte.',
  },
  pl: {
    greeting: (n) => `Witaj ${n},`,
    confirmSubject: `Potwierdź rejestrację w ${PRODUCT_NAME}`,
    confirmBody: 'dziękujemy za rejestrację. Potwierdź swój adres e-mail, otwierając ten link:',
    confirmAction: 'Potwierdź rejestrację',
    confirmValidity: 'Link jest ważny 24 godziny i można go użyć jeden raz.',
    resetSubject: `Kod resetowania hasła w ${PRODUCT_NAME}`,
    resetBody: 'wpisz ten kod w formularzu zmiany hasła:',
    resetValidity: 'Kod jest ważny 15 minut.',
    ignore: 'Jeśli to nie Ty, zignoruj tę wiadomość.',
  },
  es: {
    greeting: (n) => `Hola, ${n}:`,
    confirmSubject: `Confirma tu registro en ${PRODUCT_NAME}`,
    confirmBody: 'gracias por registrarte. Confirma tu dirección de correo abriendo este enlace:',
    confirmAction: 'Confirmar registro',
    confirmValidity: 'El enlace es válido durante 24 horas y solo se puede usar una vez.',
    resetSubject: `Tu código para restablecer la contraseña de ${PRODUCT_NAME}`,
    resetBody: 'introduce este código en el formulario de cambio de contraseña:',
    resetValidity: 'El código es válido durante 15 minutos.',
    ignore: 'Si no lo has solicitado, ignora este correo.',
  },
  hu: {
    greeting: (n) => `Kedves ${n}!`,
    confirmSubject: `Erősítsd meg a ${PRODUCT_NAME} regisztrációdat`,
    confirmBody: 'köszönjük a regisztrációt. Kérjük, erősítsd meg az e-mail-címedet ezzel a hivatkozással:',
    confirmAction: 'Regisztráció megerősítése',
    confirmValidity: 'A hivatkozás 24 óráig érvényes, és egyszer használható.',
    resetSubject: `${PRODUCT_NAME} jelszó-visszaállító kód`,
    resetBody: 'írd be ezt a kódot a jelszómódosító űrlapba:',
    resetValidity: 'A kód 15 percig érvényes.',
    ignore: 'Ha nem te kérted, hagyd figyelmen kívül ezt a levelet.',
  },
  nl: {
    greeting: (n) => `Hallo ${n},`,
    confirmSubject: `Bevestig je registratie bij ${PRODUCT_NAME}`,
    confirmBody: 'bedankt voor je registratie. Bevestig je e-mailadres door deze link te openen:',
    confirmAction: 'Registratie bevestigen',
    confirmValidity: 'De link is 24 uur geldig en kan één keer worden gebruikt.',
    resetSubject: `Je ${PRODUCT_NAME}-code om je wachtwoord te herstellen`,
    resetBody: 'voer deze code in op het formulier om je wachtwoord te wijzigen:',
    resetValidity: 'De code is 15 minuten geldig.',
    ignore: 'Heb je dit niet aangevraagd? Dan kun je deze e-mail negeren.',
  },
  ru: {
    greeting: (n) => `Здравствуйте, ${n}!`,
    confirmSubject: `Подтвердите регистрацию в ${PRODUCT_NAME}`,
    confirmBody: 'спасибо за регистрацию. Подтвердите адрес электронной почты, открыв эту ссылку:',
    confirmAction: 'Подтвердить регистрацию',
    confirmValidity: 'Ссылка действительна 24 часа и может быть использована один раз.',
    resetSubject: `Код для сброса пароля в ${PRODUCT_NAME}`,
    resetBody: 'введите этот код в форме смены пароля:',
    resetValidity: 'Код действителен 15 минут.',
    ignore: 'Если вы этого не запрашивали, просто проигнорируйте это письмо.',
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const t = (langId: number) => texts[languageById(langId).shortcut];

const layout = (lang: string, body: string) =>
  `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#222">${body}<p style="color:#666;font-size:12px">${PRODUCT_NAME}</p></body></html>`;

export function registrationMail(langId: number, name: string, link: string) {
  const x = t(langId);
  return {
    subject: x.confirmSubject,
    text: `${x.greeting(name)}\n\n${x.confirmBody}\n${link}\n\n${x.confirmValidity}\n${x.ignore}\n`,
    html: layout(
      languageById(langId).shortcut,
      `<p>${escapeHtml(x.greeting(name))}</p><p>${x.confirmBody}</p><p><a href="${escapeHtml(link)}">${x.confirmAction}</a></p><p>${escapeHtml(link)}</p><p>${x.confirmValidity}<br>${x.ignore}</p>`,
    ),
  };
}

export function resetCodeMail(langId: number, name: string, code: string) {
  const x = t(langId);
  return {
    subject: x.resetSubject,
    text: `${x.greeting(name)}\n\n${x.resetBody}\n\n    ${code}\n\n${x.resetValidity}\n${x.ignore}\n`,
    html: layout(
      languageById(langId).shortcut,
      `<p>${escapeHtml(x.greeting(name))}</p><p>${x.resetBody}</p><p style="font-size:24px;font-weight:bold;letter-spacing:2px">${code}</p><p>${x.resetValidity}<br>${x.ignore}</p>`,
    ),
  };
}
