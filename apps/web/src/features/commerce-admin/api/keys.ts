/** Every cached staff shop call starts with this key, so one invalidation refreshes all of them. */
export const shopAdminKey = ['admin', 'shop'] as const;
export const productsKey = [...shopAdminKey, 'products'] as const;
export const ordersKey = [...shopAdminKey, 'orders'] as const;
export const orderKey = (id: number) => [...shopAdminKey, 'order', id] as const;
export const salesKey = [...shopAdminKey, 'sales'] as const;
