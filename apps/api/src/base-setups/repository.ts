// The base setups' SQL lives with the gateway, which opens setups for the points it measures (decision 023).
export { baseSetupsRepository, toBaseSetupView, type BaseSetupRow, type NewSetup } from '@smi/gateway';
