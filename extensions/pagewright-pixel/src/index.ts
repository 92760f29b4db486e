// The pixel's entry, bundled by Shopify CLI (`shopify app deploy`); what it does is in events.ts, tested there.
import { register } from '@shopify/web-pixels-extension'
import { subscribeExperimentEvents } from './events'

register((api) => subscribeExperimentEvents(api as Parameters<typeof subscribeExperimentEvents>[0], fetch))
