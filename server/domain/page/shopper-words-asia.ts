import type { ShopperWords } from './shopper-words-type'

/**
 * The renderers' words (see shopper-words.ts) in Indonesian, the language of Tokopedia, Shopee
 * Indonesia and the country's own shops. Indonesian writes no plural after a count ("12 ulasan"); a
 * product's name follows a colon ("Foto produk: {name}"). The numbers, dates and currency signs are
 * those Intl writes for the language (shopper-words.test.ts).
 */

const ID: ShopperWords = {
  language: 'id',
  decimal: ',',
  group: '.',
  // No plural: one form for every count.
  singular: [],
  months: ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'],
  date: '{day} {month} {year}',
  rated: 'Dinilai {rating} dari 5',
  outOf5: '{rating} dari 5',
  reviewCount: { one: '{count} ulasan', other: '{count} ulasan' },
  listingCount: { one: '{count} penilaian di halaman produk', other: '{count} penilaian di halaman produk' },
  price: 'Harga',
  was: 'sebelumnya',
  buyNow: 'Beli sekarang',
  chooseVariant: 'Pilih varian',
  soldOut: 'Stok habis',
  soldOutNote: '(stok habis)',
  regularPrice: 'Harga normal',
  option: 'Pilihan',
  quantity: 'Jumlah',
  addToCart: 'Tambah ke keranjang',
  money: '{currency}{amount}',
  moneyInLetters: '{currency}\u00a0{amount}',
  moneyGroupFrom: 4,
  currencies: {
    AUD: 'AU$',
    BRL: 'R$',
    CAD: 'CA$',
    CNY: 'CN¥',
    EUR: '€',
    GBP: '£',
    HKD: 'HK$',
    IDR: 'Rp',
    ILS: '₪',
    INR: 'Rs',
    JPY: 'JP¥',
    KRW: '₩',
    MXN: 'MX$',
    NZD: 'NZ$',
    THB: '฿',
    TWD: 'NT$',
    USD: 'US$',
    VND: '₫',
    XAF: 'FCFA',
    XCD: 'EC$',
    XCG: 'Cg.',
    XOF: 'F\u202fCFA',
    XPF: 'CFPF',
  },
  productImages: 'Gambar produk',
  imageOf: 'Gambar {n} dari {count}',
  image: 'Gambar',
  feature: 'Fitur',
  madeWith: 'Dibuat dengan',
  reviewsFromAnotherStore: 'Ulasan pembeli produk ini di toko lain',
  reviewsFromBuyers: 'Ulasan pembeli produk ini',
  reviewsImported: 'Ulasan yang diimpor oleh toko dari {apps}.',
  reviewsAndImported: '{source} dan ulasan yang diimpor oleh toko dari {apps}.',
  and: 'dan',
  aReviewFile: 'sebuah file ulasan',
  anotherStore: 'toko lain',
  shippingAndReturns: 'Pengiriman dan pengembalian',
  photoOf: 'Foto produk: {name}',
  photoNumberOf: 'Foto produk {n}: {name}',
}

export const ASIA_SHOPPER_WORDS = { id: ID } as const
