/**
 * How a field shows a validation text: the form layer receives English texts (the shared zod
 * schemas' and the server's) and asks this translator for the UI language's version. The app
 * provides the translator (app/provider.tsx); without one a text is shown as it came.
 */
import { createContext, useContext } from 'react';

export type FieldMessageTranslator = (text: string) => string;

const FieldMessageContext = createContext<FieldMessageTranslator>((text) => text);

export const FieldMessageProvider = FieldMessageContext.Provider;

/** `(englishText) => text in the UI language` for the field helper texts. */
export const useFieldMessage = (): FieldMessageTranslator => useContext(FieldMessageContext);
