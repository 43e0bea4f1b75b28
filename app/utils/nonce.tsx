import { createContext, useContext } from 'react';

/** The request's CSP nonce, for the inline scripts we render (Remix's and the analytics snippet). */
const NonceContext = createContext<string>('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
