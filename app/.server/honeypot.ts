import { HONEYPOT_FIELD } from '../components/ui/Honeypot'

/** True when the hidden field was filled: a bot. Callers answer as if all went well and do nothing. */
export const isBot = (form: FormData) => String(form.get(HONEYPOT_FIELD) ?? '') !== ''
