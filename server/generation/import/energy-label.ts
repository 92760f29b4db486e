import type { CheerioAPI } from 'cheerio'
import { absoluteUrl, photoKey } from './normalize/images'

/**
 * The EU energy label (a coloured A–G scale) that shops in Europe must show beside a screen's or an
 * appliance's photos, often as one more slide of the gallery: a label, not a photo of the product.
 */

/**
 * Its words opening an image's alt text ("energy label class F", "Energielabel", "etiqueta
 * energética"): a product named with its class ("… Pivot [Energieklasse F]") is still a photo.
 */
const ENERGY_LABEL_ALT =
  /^\s*(?:eu[\s-])?(?:energ(?:y|ie|ia|ía)[\s_-]?(?:label|efficiency|effizienz|klasse|class)|energielabel|étiquette[\s_-]énerg|etiqueta[\s_-]energ|etichetta[\s_-]energ)/i

/** The box a shop draws its label in (`<div class="energy-label energy-label-F">`). */
const ENERGY_LABEL_BOX = ['energy-label', 'energy_label', 'energylabel', 'energielabel'].map((c) => `[class*="${c}" i]`).join(', ')

/** Its file: in a folder of labels ("/apics/energy/39885.jpg") or named for one ("eu-energy-label_F.png"). */
const ENERGY_LABEL_FILE = /\/(?:energy|energie)(?:[-_]?labels?)?\/[^/]+$|(?:^|[/_-])(?:energy|energie)[-_]?label[^/]*$/i

export function isEnergyLabelFile(url: string): boolean {
  try {
    return ENERGY_LABEL_FILE.test(decodeURIComponent(new URL(url).pathname))
  } catch {
    return false
  }
}

/** Pictures looked at for labels, at most. */
const MAX_PICTURES = 400

/** `images` without the pictures the page shows as its energy label (by their words or their file). */
export function withoutEnergyLabels($: CheerioAPI, images: string[], pageUrl: string): string[] {
  const labels = new Set(
    $('img')
      .toArray()
      .slice(0, MAX_PICTURES)
      .filter((img) => ENERGY_LABEL_ALT.test(img.attribs.alt ?? '') || $(img).closest(ENERGY_LABEL_BOX).length > 0)
      .flatMap((img) => [img.attribs.src, img.attribs['data-src'], img.attribs['data-echo']])
      .map((src) => absoluteUrl(src ?? '', pageUrl))
      .filter((u): u is string => u !== null)
      .map(photoKey),
  )
  const kept = images.filter((u) => {
    const abs = absoluteUrl(u, pageUrl)
    return !abs || (!labels.has(photoKey(abs)) && !isEnergyLabelFile(abs))
  })
  return kept.length === images.length ? images : kept
}
