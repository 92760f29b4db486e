import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { fakeFetcher } from '../../../tests/fixtures/import/fake-fetcher'
import { parseTaobao } from './taobao'
import { importProduct } from './index'

// Reduced to what the item pages show (written for these tests).
const taobao = `<html><head><title>乳白亚克力外壳 60%键盘外壳-淘宝网</title></head><body>
  <h3 class="tb-main-title" data-title="乳白亚克力外壳 60%键盘外壳"> 乳白亚克力外壳 60%键盘外壳 </h3>
  <ul class="tb-meta"><li id="J_StrPriceModBox"><span>价格</span><strong id="J_StrPrice"><em class="tb-rmb">¥</em><em class="tb-rmb-num">149.00 - 159.00</em></strong></li>
  <li id="J_PromoPrice" class="tb-hidden"><span>淘宝价</span></li></ul>
  <ul id="J_UlThumb"><li><img data-src="//gd4.alicdn.com/imgextra/i4/1/a.jpg_50x50.jpg"></li><li><img data-src="//gd2.alicdn.com/imgextra/i2/1/b.jpg_50x50.jpg"></li></ul>
  <ul class="attributes-list"><li title="KBDfans">品牌:&nbsp;KBDfans</li><li>型号:&nbsp;乳白外壳</li></ul>
  <div class="recommend"><img src="//img.alicdn.com/other.jpg_160x160.jpg" title="品牌女装新款"><span class="price">¥ 39.00</span></div></body></html>`

const tmall = `<html><head><title>Apple/苹果 iPhone 11-tmall.com天猫</title></head><body><h1>天猫Tmall.com</h1>
  <div class="tb-detail-hd"><h1><a href="//detail.tmall.com/item.htm?id=1"> Apple/苹果 iPhone 11 全网通 </a></h1><p class="newp">原封国行</p></div>
  <dl id="J_StrPriceModBox"><dt>价格</dt><dd><em class="tm-yen">¥</em> <span class="tm-price">5499.00-6799.00</span></dd></dl>
  <ul id="J_UlThumb"><li><a href="#"><img src="//img.alicdn.com/imgextra/i1/1/x.jpg_60x60q90.jpg"></a></li></ul>
  <div id="J_BrandAttr"><div class="name">品牌名称：<b class="J_EbrandLogo">Apple/苹果</b></div></div></body></html>`

describe("Taobao's and Tmall's item pages", () => {
  it('reads the name, the low end of the price range in yuan, one photo per thumbnail and the brand; nothing from recommendations', () => {
    expect(parseTaobao(load(taobao))).toEqual({
      title: '乳白亚克力外壳 60%键盘外壳',
      price: 149,
      currency: 'CNY',
      images: ['//gd4.alicdn.com/imgextra/i4/1/a.jpg_50x50.jpg', '//gd2.alicdn.com/imgextra/i2/1/b.jpg_50x50.jpg'],
      vendor: 'KBDfans',
    })
    expect(parseTaobao(load(tmall))).toMatchObject({ title: 'Apple/苹果 iPhone 11 全网通', price: 5499, vendor: 'Apple' })
  })

  it('imports an item page at its address as full-size photos', async () => {
    const url = 'https://item.taobao.com/item.htm?id=562283240178'
    const facts = await importProduct(url, fakeFetcher({ [url]: { body: taobao } }))
    expect([facts.title, facts.price, facts.currency, facts.vendor]).toEqual(['乳白亚克力外壳 60%键盘外壳', 149, 'CNY', 'KBDfans'])
    expect(facts.images).toEqual(['https://gd4.alicdn.com/imgextra/i4/1/a.jpg', 'https://gd2.alicdn.com/imgextra/i2/1/b.jpg'])
  })
})
