print("howalarming")
