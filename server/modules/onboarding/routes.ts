import { contract } from '../../contract'
import { DEMO_PRODUCTS } from '../../demo-store/catalog'
import { contractRouter, implement } from '../../http/implement'

export const onboardingRoutes = contractRouter()

implement(onboardingRoutes, contract.onboarding.demoProducts, (c) => {
  const origin = c.var.deps.env.PUBLIC_URL
  const items = DEMO_PRODUCTS.map((p) => ({
    handle: p.handle,
    title: p.title,
    product_type: p.productType,
    price: p.price,
    image: `/demo-store/${p.images[0]}`,
    url: `${origin}/demo-store/products/${p.handle}`,
  }))
  return c.json({ items }, 200)
})
