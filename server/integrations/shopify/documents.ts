/**
 * Every GraphQL document Pagewright sends to a shop's Admin API (version SHOPIFY_API_VERSION).
 * documents.test.ts validates each against Shopify's published 2026-10 schema, and the demo shop
 * (server/demo-shop) answers exactly these, so nothing here can drift from Shopify's real API.
 */
const gql = (s: TemplateStringsArray, ...parts: string[]) => s.reduce((out, text, i) => out + text + (parts[i] ?? ''), '')

/**
 * The fields of a product the catalogue keeps. Shopify refuses a query that may cost over 1,000
 * points, so the nested lists are short and a sync asks for 10 products at a time (sync.ts).
 */
const PRODUCT_FIELDS = gql`
  fragment CatalogProduct on Product {
    id
    handle
    title
    vendor
    productType
    status
    descriptionHtml
    tags
    onlineStoreUrl
    templateSuffix
    totalInventory
    updatedAt
    priceRangeV2 {
      minVariantPrice {
        amount
        currencyCode
      }
    }
    compareAtPriceRange {
      maxVariantCompareAtPrice {
        amount
        currencyCode
      }
    }
    options {
      name
      values
    }
    media(first: 10) {
      nodes {
        ... on MediaImage {
          image {
            url
            altText
          }
        }
      }
    }
    variants(first: 20) {
      nodes {
        id
        title
        price
        compareAtPrice
        sku
        availableForSale
        selectedOptions {
          name
          value
        }
      }
    }
  }
`

export const SHOP_QUERY = gql`
  query PagewrightShop {
    shop {
      id
      name
      email
      contactEmail
      myshopifyDomain
      currencyCode
      primaryDomain {
        url
      }
    }
    currentAppInstallation {
      app {
        id
      }
      accessScopes {
        handle
      }
    }
  }
`

export const PRODUCTS_COUNT_QUERY = gql`
  query PagewrightProductsCount {
    productsCount(limit: null) {
      count
      precision
    }
  }
`

export const PRODUCTS_PAGE_QUERY = gql`
  query PagewrightProducts($first: Int!, $after: String) {
    products(first: $first, after: $after, sortKey: ID) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...CatalogProduct
      }
    }
  }
  ${PRODUCT_FIELDS}
`

export const PRODUCT_QUERY = gql`
  query PagewrightProduct($id: ID!) {
    product(id: $id) {
      ...CatalogProduct
    }
  }
  ${PRODUCT_FIELDS}
`

/**
 * What a bulk operation runs for big catalogues. Its JSONL has one line per product and, apart,
 * one line per variant and image carrying `__parentId` (bulk queries take connections without `first`).
 */
export const BULK_PRODUCTS_QUERY = gql`
  {
    products {
      edges {
        node {
          id
          handle
          title
          vendor
          productType
          status
          descriptionHtml
          tags
          onlineStoreUrl
          templateSuffix
          totalInventory
          updatedAt
          priceRangeV2 {
            minVariantPrice {
              amount
              currencyCode
            }
          }
          compareAtPriceRange {
            maxVariantCompareAtPrice {
              amount
              currencyCode
            }
          }
          options {
            name
            values
          }
          media {
            edges {
              node {
                ... on MediaImage {
                  image {
                    url
                    altText
                  }
                }
              }
            }
          }
          variants {
            edges {
              node {
                id
                title
                price
                compareAtPrice
                sku
                availableForSale
                selectedOptions {
                  name
                  value
                }
              }
            }
          }
        }
      }
    }
  }
`

export const BULK_RUN_MUTATION = gql`
  mutation PagewrightBulkRun($query: String!) {
    bulkOperationRunQuery(query: $query, groupObjects: false) {
      bulkOperation {
        id
        status
      }
      userErrors {
        field
        message
      }
    }
  }
`

export const BULK_STATUS_QUERY = gql`
  query PagewrightBulkStatus($id: ID!) {
    bulkOperation(id: $id) {
      id
      status
      errorCode
      objectCount
      url
    }
  }
`

export const PRODUCT_SET_MUTATION = gql`
  mutation PagewrightProductSet($input: ProductSetInput!, $identifier: ProductSetIdentifiers) {
    productSet(input: $input, identifier: $identifier, synchronous: true) {
      product {
        id
        handle
        onlineStoreUrl
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`

export const PRODUCT_UPDATE_MUTATION = gql`
  mutation PagewrightProductUpdate($product: ProductUpdateInput!) {
    productUpdate(product: $product) {
      product {
        id
        handle
        templateSuffix
        onlineStoreUrl
      }
      userErrors {
        field
        message
      }
    }
  }
`

export const METAFIELDS_SET_MUTATION = gql`
  mutation PagewrightMetafieldsSet($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields {
        id
        namespace
        key
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`

export const THEMES_QUERY = gql`
  query PagewrightThemes {
    themes(first: 50) {
      nodes {
        id
        name
        role
      }
    }
  }
`

export const THEME_FILES_QUERY = gql`
  query PagewrightThemeFiles($id: ID!, $filenames: [String!]!) {
    theme(id: $id) {
      id
      files(filenames: $filenames, first: 20) {
        nodes {
          filename
          body {
            ... on OnlineStoreThemeFileBodyText {
              content
            }
          }
        }
      }
    }
  }
`

/**
 * Theme files are written by a job: its `job` is followed to `done` (JOB_QUERY), and each file's
 * result is read (`upsertedThemeFiles`: what was written; `userErrors` with `filename`: what was not, and why).
 */
export const THEME_FILES_UPSERT_MUTATION = gql`
  mutation PagewrightThemeFilesUpsert($themeId: ID!, $files: [OnlineStoreThemeFilesUpsertFileInput!]!) {
    themeFilesUpsert(themeId: $themeId, files: $files) {
      job {
        id
        done
      }
      upsertedThemeFiles {
        filename
      }
      userErrors {
        field
        message
        code
        filename
      }
    }
  }
`

export const JOB_QUERY = gql`
  query PagewrightJob($id: ID!) {
    job(id: $id) {
      id
      done
    }
  }
`

/** What publishing reads of a product before changing it (to restore it on unpublish). */
export const PRODUCT_STATE_QUERY = gql`
  query PagewrightProductState($id: ID!) {
    product(id: $id) {
      id
      handle
      status
      descriptionHtml
      templateSuffix
      onlineStoreUrl
    }
  }
`

export const METAFIELDS_DELETE_MUTATION = gql`
  mutation PagewrightMetafieldsDelete($metafields: [MetafieldIdentifierInput!]!) {
    metafieldsDelete(metafields: $metafields) {
      deletedMetafields {
        ownerId
        namespace
        key
      }
      userErrors {
        field
        message
      }
    }
  }
`

/** Step 1 of an upload to the shop's Files: where to send the bytes (a signed POST form). */
export const STAGED_UPLOADS_MUTATION = gql`
  mutation PagewrightStagedUploads($input: [StagedUploadInput!]!) {
    stagedUploadsCreate(input: $input) {
      stagedTargets {
        url
        resourceUrl
        parameters {
          name
          value
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`

/** Step 3: the uploaded bytes (or an outside image URL) become a file of the shop; Shopify processes it. */
export const FILE_CREATE_MUTATION = gql`
  mutation PagewrightFileCreate($files: [FileCreateInput!]!) {
    fileCreate(files: $files) {
      files {
        id
        fileStatus
        ... on MediaImage {
          image {
            url
          }
        }
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`

/** Until a file is READY (or FAILED), and then its URL on the shop's CDN. */
export const FILES_STATUS_QUERY = gql`
  query PagewrightFileStatus($ids: [ID!]!) {
    nodes(ids: $ids) {
      id
      ... on MediaImage {
        fileStatus
        fileErrors {
          code
          message
        }
        image {
          url
        }
      }
    }
  }
`

export const THEME_CREATE_MUTATION = gql`
  mutation PagewrightThemeCreate($source: URL!, $name: String!) {
    themeCreate(source: $source, name: $name, role: UNPUBLISHED) {
      theme {
        id
        name
        role
      }
      userErrors {
        field
        message
      }
    }
  }
`

export const WEBHOOK_CREATE_MUTATION = gql`
  mutation PagewrightWebhookCreate($topic: WebhookSubscriptionTopic!, $uri: String!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri, format: JSON }) {
      webhookSubscription {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`

/** Pagewright's web pixel on the shop (extensions/pagewright-pixel): its settings say where to send events. */
export const WEB_PIXEL_CREATE_MUTATION = gql`
  mutation PagewrightWebPixelCreate($webPixel: WebPixelInput!) {
    webPixelCreate(webPixel: $webPixel) {
      webPixel {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`

/**
 * The app's own web pixel on the shop (no id: Shopify answers the calling app's pixel, or the error
 * "No web pixel was found for this app." when it has none): read when webPixelCreate answers TAKEN.
 */
export const WEB_PIXEL_QUERY = gql`
  query PagewrightWebPixel {
    webPixel {
      id
      settings
    }
  }
`

/** New settings for the pixel the shop already has (a changed PUBLIC_URL). */
export const WEB_PIXEL_UPDATE_MUTATION = gql`
  mutation PagewrightWebPixelUpdate($id: ID!, $webPixel: WebPixelInput!) {
    webPixelUpdate(id: $id, webPixel: $webPixel) {
      webPixel {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`

/** Every document, by name, for the schema test and the demo shop. */
export const ALL_DOCUMENTS = {
  SHOP_QUERY,
  PRODUCTS_COUNT_QUERY,
  PRODUCTS_PAGE_QUERY,
  PRODUCT_QUERY,
  BULK_PRODUCTS_QUERY,
  BULK_RUN_MUTATION,
  BULK_STATUS_QUERY,
  PRODUCT_SET_MUTATION,
  PRODUCT_UPDATE_MUTATION,
  METAFIELDS_SET_MUTATION,
  THEMES_QUERY,
  THEME_FILES_QUERY,
  THEME_FILES_UPSERT_MUTATION,
  JOB_QUERY,
  PRODUCT_STATE_QUERY,
  METAFIELDS_DELETE_MUTATION,
  STAGED_UPLOADS_MUTATION,
  FILE_CREATE_MUTATION,
  FILES_STATUS_QUERY,
  THEME_CREATE_MUTATION,
  WEBHOOK_CREATE_MUTATION,
  WEB_PIXEL_CREATE_MUTATION,
  WEB_PIXEL_QUERY,
  WEB_PIXEL_UPDATE_MUTATION,
}
