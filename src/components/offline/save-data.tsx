'use client'

import { createContext, useContext, useState, type ReactNode } from 'react'

import { rememberSaveData } from '@/client/offline/save-data'

type SaveData = { on: boolean; set: (on: boolean) => void }

const SaveDataContext = createContext<SaveData>({ on: false, set: () => undefined })

/** Whether the page is in data-saving mode: no photos in lists, 200 px ones on a product's page. */
export function useSaveData(): SaveData {
  return useContext(SaveDataContext)
}

/** The server's choice for this page (the switch's cookie or the browser's Save-Data) to start. */
export function SaveDataProvider({ initial, children }: { initial: boolean; children: ReactNode }) {
  const [on, setOn] = useState(initial)
  const set = (next: boolean) => {
    rememberSaveData(next)
    setOn(next)
  }
  return <SaveDataContext.Provider value={{ on, set }}>{children}</SaveDataContext.Provider>
}

/** The "Save data" switch: no photos in lists, 200 px ones on a product's page, remembered here. */
export function SaveDataSwitch() {
  const { on, set } = useSaveData()
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className={`save-data-switch${on ? ' on' : ''}`}
      onClick={() => set(!on)}
    >
      Save data
    </button>
  )
}
