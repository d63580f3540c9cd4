/**
 * One IndexedDB object store keyed by `key`, opened for each piece of work and closed after it,
 * so a page never holds the database open against the service worker or another tab: the order
 * queue (kc-offline) and the driver's marks (kc-driver) each keep theirs this way.
 */
export type KeptStore = <T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
) => Promise<T>

export function keptStore(database: string, store: string): KeptStore {
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(database, 1)
      request.onupgradeneeded = () => request.result.createObjectStore(store, { keyPath: 'key' })
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
  return async (mode, work) => {
    const db = await open()
    try {
      return await new Promise((resolve, reject) => {
        const tx = db.transaction(store, mode)
        const request = work(tx.objectStore(store))
        tx.oncomplete = () => resolve(request.result)
        tx.onerror = () => reject(tx.error)
        tx.onabort = () => reject(tx.error)
      })
    } finally {
      db.close()
    }
  }
}
